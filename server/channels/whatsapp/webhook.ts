// The deployment's one WhatsApp webhook, as Meta's Cloud API works:
// - GET /api/channels/whatsapp: the verification handshake (hub.mode=subscribe and hub.verify_token
//   = WHATSAPP_VERIFY_TOKEN → hub.challenge echoed as text; else 403).
// - POST /api/channels/whatsapp: accepted only with X-Hub-Signature-256 = HMAC-SHA256 of the raw
//   body with WHATSAPP_APP_SECRET (else 401, nothing read). Each message is routed by
//   metadata.phone_number_id to the bot with that whatsapp_phone_id (unknown: 200, logged,
//   ignored) and stored once (dedupe by message id); status callbacks (sent, delivered, read,
//   failed with its error) are recorded on the outgoing message. Answered as soon as stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelAck, whatsappNotification, whatsappVerifyQuery } from '../../../src/core/api/channels.js';
import { refusals } from '../../../src/core/api/common.js';
import { fail } from '../../routes/bots/present.js';
import { findBotByPhoneId } from '../channel-bot.js';
import type { ConversationDrain } from '../conversation-drain.js';
import { recordStatus } from '../store.js';
import type { WhatsAppIncoming } from './adapter.js';

export const BAD_SIGNATURE = 'The signature does not match';

/** Does `header` sign `raw` with `secret` as Meta does (sha256=<hex>)? */
export function validSignature(raw: Buffer, header: unknown, secret: string): boolean {
  if (!secret || typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length).toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface WebhookValue {
  metadata?: { phone_number_id?: string };
  messages?: WhatsAppIncoming[];
  statuses?: {
    id?: string;
    status?: string;
    errors?: { code?: number; title?: string; message?: string }[];
  }[];
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

export function whatsappWebhook(drain: ConversationDrain): FastifyPluginAsync {
  return async (fastify) => {
    // The signature covers the bytes Meta sent: keep them before JSON parsing (this scope only).
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8') || 'null'));
      } catch {
        // Refused after the signature check (a bad signature is 401 whatever the body).
        done(null, undefined);
      }
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { whatsappVerifyToken, whatsappAppSecret } = app.config;

    app.get(
      '/channels/whatsapp',
      { schema: { querystring: whatsappVerifyQuery, response: { 200: z.string(), ...refusals(403) } } },
      async (request, reply) => {
        const q = request.query;
        if (
          q['hub.mode'] !== 'subscribe' ||
          !whatsappVerifyToken ||
          q['hub.verify_token'] !== whatsappVerifyToken
        )
          return fail(reply, 403, 'The verify token does not match');
        reply.type('text/plain');
        return q['hub.challenge'] ?? '';
      },
    );

    app.post(
      '/channels/whatsapp',
      { schema: { body: whatsappNotification, response: { 200: channelAck, ...refusals(400, 401) } } },
      async (request, reply) => {
        const raw = rawBodies.get(request) ?? Buffer.alloc(0);
        if (!validSignature(raw, request.headers['x-hub-signature-256'], whatsappAppSecret))
          return fail(reply, 401, BAD_SIGNATURE);
        const body = request.body as { entry?: { changes?: { value?: WebhookValue }[] }[] } | undefined;
        if (!body || typeof body !== 'object' || !Array.isArray(body.entry))
          return fail(reply, 400, 'A WhatsApp webhook body holds entry[]');
        for (const entry of body.entry) {
          for (const change of entry?.changes ?? []) {
            const value = change?.value ?? {};
            for (const status of value.statuses ?? []) {
              if (!status.id || !status.status) continue;
              const error = status.errors?.[0];
              const detail = error
                ? `${error.code ?? ''} ${error.title ?? error.message ?? ''}`.trim()
                : null;
              await recordStatus(app.db, status.id, status.status.slice(0, 16), detail);
            }
            if (!value.messages?.length) continue;
            const phoneId = value.metadata?.phone_number_id ?? '';
            const bot = await findBotByPhoneId(app.db, phoneId);
            if (!bot) {
              request.log.warn(
                { phoneNumberId: phoneId },
                'WhatsApp message for an unknown phone number id: ignored',
              );
              continue;
            }
            for (const message of value.messages) {
              if (!message?.id || !message.from) continue;
              const key = {
                botId: bot.id,
                channel: 'whatsapp' as const,
                chatId: String(message.from).slice(0, 64),
              };
              await drain.receive(key, `whatsapp:${message.id}`.slice(0, 255), message);
            }
          }
        }
        return { ok: true };
      },
    );
  };
}
