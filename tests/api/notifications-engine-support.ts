// Shared steps of the notification engine tests: a bot with a published main flow and a "tips"
// template, guests who chatted, a notification made through the real route, and a way to let
// the jobs runner drain.
import type { TestApp } from './helpers.js';
import type { Config } from '../../server/config.js';
import {
  chat,
  chatTest,
  guest,
  node,
  publish,
  publishTemplate,
  text,
  type ChatTest,
} from './chat-support.js';
import { readConversation } from '../../server/repos/conversation.js';
import crypto from 'node:crypto';
import { sealToken } from '../../server/repos/token-box.js';
import { newSession } from '../../server/runtime/session.js';

export const MINUTE = 60_000;

/** A minute boundary a little ahead of the real clock (the engine's clock is set to it). */
export const nextMinute = () => Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE;

/** A bot scheduler that is on: 09:30 UTC every 12 hours, its flow_id naming no flow (so main). */
export const SCHEDULER_ON = { enabled: true, flow_id: 1, start_at: '09:30', frequency: 12 };

export async function engineTest(
  overrides: Partial<Config> = {},
  botChanges: Record<string, unknown> = {},
): Promise<ChatTest & { templateId: number }> {
  const c = await chatTest({ notificationTicks: false, ...overrides }, botChanges);
  await publish(c, [node('basic', 'hello', { entries: [text('Hello there')] })]);
  await publishTemplate(c, 'tips', [
    node('basic', 'tip', { entries: [text('Tip of the day, ${{ENVIRONMENT}}')] }),
  ]);
  const templates = await c.t.app.db.selectFrom('flows').select('id').where('name', '=', 'tips').execute();
  return { ...c, templateId: templates[0].id };
}

export async function guests(c: ChatTest, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const g = guest(c);
    await g.say('hi');
    ids.push(g.id);
  }
  return ids;
}

/** Gives the test's bot a Telegram token (the fake's), stored sealed as the bot dialog stores it. */
export async function setTelegramToken(c: ChatTest, token: string): Promise<void> {
  await c.t.app.db
    .updateTable('bots')
    .set({ telegram_token: sealToken(c.t.app.db, token) })
    .where('id', '=', c.botId)
    .execute();
}

/** Telegram guests of the test's bot who have talked with it, one per chat id; their session ids. */
export async function telegramGuests(c: ChatTest, chatIds: string[]): Promise<string[]> {
  const now = Date.now();
  const state = JSON.stringify({ ...newSession('main', 'en', { ENVIRONMENT: 'telegram' }), messageCount: 1 });
  const rows = chatIds.map((chatId) => ({
    id: crypto.randomUUID(),
    bot_id: c.botId,
    state,
    version: 1,
    created_at: now,
    updated_at: now,
    last_seen_at: now,
    channel: 'telegram',
    external_chat_id: chatId,
  }));
  await c.t.app.db
    .insertInto('guest_sessions')
    .values(rows as never)
    .execute();
  return rows.map((row) => row.id);
}

export async function addNotification(
  c: ChatTest & { templateId: number },
  startAt: number,
  extra: object = {},
) {
  const res = await c.t.app.inject({
    method: 'POST',
    url: '/api/notification',
    headers: c.owner.headers,
    payload: {
      name: 'Tips',
      enabled: true,
      start_at: new Date(startAt).toISOString(),
      end_at: null,
      repeat_minutes: 60,
      repeat_limit: null,
      timezone: 'Europe/Paris',
      flow_template_id: c.templateId,
      interacted_bots: [c.botId],
      no_end_date: true,
      no_repeat_limit: true,
      template_only: true,
      ...extra,
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().notification.id as number;
}

/** Waits until no notification job is queued or running (the runner polls every 500 ms). */
export async function drain(t: TestApp, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await t.app.jobs.runDue();
    await t.app.jobs.idle();
    // Other features' jobs (a daily purge queued for later) are not waited for.
    const left = await t.app.db
      .selectFrom('jobs')
      .select((e) => e.fn.countAll().as('n'))
      .where('kind', 'like', 'notifications.%')
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // What is left says why (a job failing on every try, one queued for later).
  const left = await t.app.db
    .selectFrom('jobs')
    .select(['kind', 'state', 'attempts', 'run_at', 'last_error'])
    .where('kind', 'like', 'notifications.%')
    .where('state', 'in', ['queued', 'running'])
    .execute();
  throw new Error(`jobs did not drain: ${JSON.stringify(left).slice(0, 2000)}`);
}

/** How many times the guest's conversation holds `content`. */
export async function said(t: TestApp, guestId: string, content: string): Promise<number> {
  const messages = await readConversation(t.app.db, guestId);
  return messages.filter((m) => m.content === content).length;
}

export function deliveries(t: TestApp, notificationId: number) {
  return t.app.db
    .selectFrom('notification_deliveries')
    .select(['guest_id', 'status', 'reason', 'occurrence_at', 'channel'])
    .where('source', '=', 'notification')
    .where('source_id', '=', notificationId)
    .orderBy('id')
    .execute();
}

export { chat };
