// The conversations table's search (issue 19 §3) on SQLite and PostgreSQL, served by a trigram
// index the rollup job keeps (migrations 019h, 020c, 020d): a case-insensitive substring of the
// guest id, the answers or the last node, only the bot's own rows, paged by keyset, never a masked
// (password) value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCandidates } from '../../server/analytics/conversations.js';
import { rollUp } from '../../server/analytics/rollups.js';
import type { AnalyticsSessionTable } from '../../server/db/schema.js';
import {
  chatTest,
  guest,
  link,
  node,
  publish,
  request,
  text,
  type ChatTest,
  type Loose,
} from './chat-support.js';
import { outcomeRow } from '../fixtures/outcome-rows.js';

let c: ChatTest;

const T = Date.UTC(2026, 0, 2, 3, 4, 5);
const row = (guestId: string, at: number, over: Partial<AnalyticsSessionTable> = {}) =>
  outcomeRow(guestId, c.botId, at, over);

async function search(term: string, extra = '') {
  const query = `search=${encodeURIComponent(term)}&from=0&to=${Date.now() + 3_600_000}${extra}`;
  const res = (await request(c.base, `/api/bots/${c.botId}/conversations?${query}`, {
    headers: c.owner.headers,
  })) as { status: number; body: Loose };
  expect(res.status).toBe(200);
  return res.body as { conversations: { guestId: string }[]; next: string | null };
}
const ids = async (term: string) => (await search(term)).conversations.map((r) => r.guestId);

beforeAll(async () => {
  c = await chatTest();
  const answers = (city: string) => JSON.stringify({ city });
  await c.t.app.db
    .insertInto('analytics_sessions')
    .values([
      row('harbour-1', T + 9, { answers: answers('Reykjavík Harbour') }),
      row('lane-1', T + 8, { answers: answers('Baker Lane') }),
      row('pct-1', T + 7, { answers: answers('50%_off') }),
      row('pct-2', T + 6, { answers: answers('50xyoff') }),
      row('node-1', T + 5, { last_node: 'Checkout-Step', answers: '{}' }),
      // Another bot's row holding the same words.
      row('other-1', T + 10, { bot_id: c.botId + 100_000, answers: answers('Reykjavík Harbour') }),
      // Seven rows for paging, among rows that don't match.
      ...Array.from({ length: 7 }, (_, i) =>
        row(`page-${i}`, T - i * 2, { answers: answers(`Guest 4242 #${i}`) }),
      ),
      ...Array.from({ length: 7 }, (_, i) =>
        row(`skip-${i}`, T - i * 2 - 1, { answers: answers(`Guest 4243 #${i}`) }),
      ),
    ])
    .execute();
});

afterAll(async () => {
  await c.t.close();
});

describe('conversations search', () => {
  it('finds a substring of an answer, ignoring case, only in the bot’s own rows', async () => {
    expect(await ids('HARBOUR')).toEqual(['harbour-1']);
    expect(await ids('arbou')).toEqual(['harbour-1']);
    expect(await ids('vík h')).toEqual(['harbour-1']);
    expect(await ids('Harbours')).toEqual([]);
  });

  it('matches the guest id and the last node too', async () => {
    expect(await ids('LANE-1')).toEqual(['lane-1']);
    expect(await ids('checkout')).toEqual(['node-1']);
  });

  it('takes % and _ and quotes as plain text', async () => {
    expect(await ids('0%_o')).toEqual(['pct-1']);
    expect(await ids('%_')).toEqual(['pct-1']);
    expect(await ids('"city"')).toHaveLength(4 + 14);
  });

  it('finds searches under three characters as well (no trigram: a scan)', async () => {
    expect(await ids('xy')).toEqual(['pct-2']);
    expect(await ids('RB')).toEqual(['harbour-1']);
  });

  it('finds a word many rows hold (the index has too many candidates: a scan)', async () => {
    const many = Array.from({ length: 2_001 }, (_, i) =>
      row(`many-${i}`, T - 100_000 - i, { bot_id: c.botId + 100_000, answers: '{"w":"Frequent word"}' }),
    );
    for (let i = 0; i < many.length; i += 500)
      await c.t.app.db
        .insertInto('analytics_sessions')
        .values(many.slice(i, i + 500))
        .execute();
    await c.t.app.db
      .insertInto('analytics_sessions')
      .values(row('frequent-1', T - 50_000, { answers: '{"w":"FREQUENT WORD"}' }))
      .execute();
    expect(await ids('frequent w')).toEqual(['frequent-1']);
  });

  it('pages the matches by keyset, each once, newest first', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page = await search('guest 4242', `&limit=3${next ? `&cursor=${next}` : ''}`);
      expect(page.conversations.length).toBeLessThanOrEqual(3);
      seen.push(...page.conversations.map((r) => r.guestId));
      next = page.next;
    } while (next);
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `page-${i}`));
  });

  it('follows a conversation’s answers as it goes on, and never matches or exports a password', async () => {
    const greet = link(
      node('basic', 'greet', {
        entries: [
          text('Your name?'),
          { type: 'variable', name: 'name', default: '', variableType: 'text', wait: true },
        ],
      }),
      'secret',
    );
    const secret = node('basic', 'secret', {
      entries: [
        { type: 'variable', name: 'pin', default: '', variableType: 'password', wait: true },
        text('PIN saved'),
      ],
    });
    await publish(c, [greet, secret]);
    const zelda = guest(c);
    await zelda.say('Hello');
    expect(await ids('zeldathe')).toEqual([]);
    await zelda.say('ZeldaTheGreat');
    const found = await ids('zeldathe');
    expect(found).toHaveLength(1);
    await zelda.say('pin-s3cret-77');
    expect(await ids('zeldathe')).toEqual(found);
    expect(await ids('s3cret')).toEqual([]);
    expect(await ids('pin-s3cret-77')).toEqual([]);
    const csv = await fetch(`${c.base}/api/bots/${c.botId}/conversations.csv?from=0&search=zelda`, {
      headers: c.owner.headers,
    });
    const body = await csv.text();
    expect(body).toContain('ZeldaTheGreat');
    expect(body).not.toContain('s3cret');
  });

  it('reads the index the rollup job keeps, and scans the rows changed since it rolled', async () => {
    const db = c.t.app.db;
    const answers = (city: string) => JSON.stringify({ city });
    const window = { from: 0, to: Date.now() + 3_600_000 };
    // The job rolls every hour that has ended: the rows there are indexed.
    await rollUp(db);
    // The search asks the index for candidates now (both databases).
    expect(await searchCandidates(db, { ...window, search: 'harbour' })).not.toBeNull();
    expect(await ids('HARBOUR')).toEqual(['harbour-1']);
    // After the roll: a row whose answers changed (its entry holds the old text) and a new row,
    // a millisecond older (one clock reading: two could be further apart on a busy machine).
    const now = Date.now();
    await db
      .updateTable('analytics_sessions')
      .set({ answers: answers('Lighthouse Quay'), last_at: now })
      .where('guest_id', '=', 'lane-1')
      .execute();
    await db
      .insertInto('analytics_sessions')
      .values(row('fresh-1', now - 1, { answers: answers('Lighthouse Point') }))
      .execute();
    expect(await ids('lighthouse')).toEqual(['lane-1', 'fresh-1']);
    expect(await ids('baker lane')).toEqual([]);
    // The next roll indexes them with their text now (a clock ahead: nothing is left after it).
    await rollUp(db, Date.now() + 2 * 3_600_000);
    expect(await ids('lighthouse')).toEqual(['lane-1', 'fresh-1']);
    expect(await ids('baker lane')).toEqual([]);
    expect(await ids('HARBOUR')).toEqual(['harbour-1']);
  });
});
