// The CSV export's text (issue 19 §3), made by the database on SQLite and PostgreSQL alike: RFC
// 4180 quoting, formulas defused, UTC times with milliseconds, and keyset pages that give every
// row once across page boundaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsSessionTable } from '../../server/db/schema.js';
import { chatTest, type ChatTest } from './chat-support.js';

let c: ChatTest;

const row = (
  guest: string,
  at: number,
  over: Partial<AnalyticsSessionTable> = {},
): AnalyticsSessionTable => ({
  guest_id: guest,
  bot_id: c.botId,
  flow_name: 'main',
  started_at: at - 1000,
  last_at: at,
  version: 3,
  last_node: 'menu',
  ended: 0,
  completed: 0,
  fallbacks: 1,
  messages_in: 2,
  messages_out: 4,
  ai_calls: 5,
  ai_ms: 700,
  api_calls: 6,
  api_ms: 80,
  channel: 'web',
  language: 'en',
  answers: '{}',
  reached: null,
  ...over,
});

async function exportCsv(query = '') {
  const res = await fetch(`${c.base}/api/bots/${c.botId}/conversations.csv?from=0${query}`, {
    headers: c.owner.headers,
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  return text.slice(text.indexOf('\r\n') + 2);
}

const T = Date.UTC(2026, 0, 2, 3, 4, 5, 7);

beforeAll(async () => {
  c = await chatTest();
  await c.t.app.db
    .insertInto('analytics_sessions')
    .values([
      row('tricky', T + 3, {
        last_node: '=SUM(A1)',
        channel: 'telegram',
        language: '-x',
        completed: 1,
        ended: 1,
        answers: '{"name":"Ada \\"A\\", Lovelace","note":"line1\\nline2"}',
      }),
      row('plain', T + 2, { last_node: null, answers: 'no quotes here', language: '@home' }),
      row('breaks', T + 1, { last_node: 'a\r\nb', answers: '\tTab', language: '' }),
    ])
    .execute();
});

afterAll(async () => {
  await c.t.close();
});

describe('CSV export text', () => {
  it('quotes, defuses formulas and writes UTC times as the spreadsheet reads them', async () => {
    expect((await exportCsv()).replace(/\r\n$/, '').split('\r\n')).toEqual([
      "tricky,2026-01-02T03:04:04.010Z,2026-01-02T03:04:05.010Z,telegram,'-x,3,'=SUM(A1),completed,1,2,4,5,6," +
        '"{""name"":""Ada \\""A\\"", Lovelace"",""note"":""line1\\nline2""}"',
      "plain,2026-01-02T03:04:04.009Z,2026-01-02T03:04:05.009Z,web,'@home,3,,left,1,2,4,5,6,no quotes here",
      'breaks,2026-01-02T03:04:04.008Z,2026-01-02T03:04:05.008Z,web,,3,"a',
      'b",left,1,2,4,5,6,\'\tTab',
    ]);
  });

  it('gives every row once across pages, newest first', async () => {
    const many = Array.from({ length: 10_004 }, (_, i) => row(`m${i}`, T - 10_000 - i));
    for (let i = 0; i < many.length; i += 500)
      await c.t.app.db
        .insertInto('analytics_sessions')
        .values(many.slice(i, i + 500))
        .execute();
    const ids = (await exportCsv())
      .split('\r\n')
      .filter((l) => l.startsWith('m'))
      .map((l) => l.slice(0, l.indexOf(',')));
    expect(ids).toHaveLength(10_004);
    expect(new Set(ids).size).toBe(10_004);
    expect(ids.slice(0, 2)).toEqual(['m0', 'm1']);
    expect(ids[10_003]).toBe('m10003');
  });
});
