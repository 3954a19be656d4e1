import fs from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './env';

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1].replace(/\s+/g, ' ').trim() : '';
}

/** Decodes quoted-printable text: the server's mails are written by nodemailer in that encoding. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function readOutbox(): Promise<OutboxMail[]> {
  const files = await fs.readdir(OUTBOX).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .map(async (file) => {
        const raw = await fs.readFile(path.join(OUTBOX, file), 'utf8');
        return {
          file,
          to: header(raw, 'To'),
          subject: header(raw, 'Subject'),
          text: decodeQuotedPrintable(raw),
        };
      }),
  );
  // File names start with the epoch-ms time they were written, so name order is time order.
  return mails.sort((a, b) => a.file.localeCompare(b.file, 'en', { numeric: true }));
}

/**
 * The newest mail to `address` whose text matches `pattern`, waiting up to `timeoutMs` for it.
 * `notIn` skips mails already seen (e.g. an earlier code), so a test reads the one it triggered.
 */
export async function newestMailFor(
  address: string,
  pattern: RegExp,
  { notIn = new Set<string>(), timeoutMs = 10_000 }: { notIn?: Set<string>; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox()).filter(
      (mail) =>
        mail.to.toLowerCase().includes(address.toLowerCase()) &&
        pattern.test(mail.text) &&
        !notIn.has(mail.file),
    );
    if (mails.length) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${pattern} in ${OUTBOX}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Names of the mails already in the outbox for an address (to pass as `notIn`). */
export async function mailFilesFor(address: string): Promise<Set<string>> {
  const mails = await readOutbox();
  return new Set(mails.filter((m) => m.to.toLowerCase().includes(address.toLowerCase())).map((m) => m.file));
}

export async function confirmationCodeFor(address: string, notIn?: Set<string>): Promise<string> {
  const mail = await newestMailFor(address, /Your confirmation code is \d{6}/, { notIn });
  return /Your confirmation code is (\d{6})/.exec(mail.text)![1];
}

export async function resetLinkFor(address: string, notIn?: Set<string>): Promise<string> {
  const mail = await newestMailFor(address, /\/reset-password\/\d+\/\S+/, { notIn });
  return /https?:\/\/\S+?\/reset-password\/\d+\/[^\s"<]+/.exec(mail.text)![0];
}
