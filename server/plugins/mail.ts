import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: { send(mail: Mail): Promise<void> };
  }
}

/**
 * Sends mail over SMTP_URL. Without it every mail becomes an .eml file in DATA_DIR/outbox, so a
 * single machine (and the end-to-end tests) can read the codes and links a user would receive.
 */
export default fp(async (app, opts: { config: Config }) => {
  const { config } = opts;
  const outbox = path.join(config.dataDir, 'outbox');
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  if (!config.smtpUrl) app.log.info(`SMTP_URL is not set: mail is written as .eml files to ${outbox}`);

  app.decorate('mailer', {
    async send(mail: Mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      if (config.smtpUrl) return;
      await fs.mkdir(outbox, { recursive: true });
      const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer);
      app.log.info({ to: mail.to, file: name }, 'mail written to the outbox');
    },
  });
  app.addHook('onClose', async () => transport.close());
});
