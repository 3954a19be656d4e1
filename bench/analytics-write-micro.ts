// In-process profile of a chat turn's SQLite writes with and without analytics (issue 19 cost):
// the worker's own transaction code on this thread, and the message copy to the worker measured
// apart (structured clone). CPU µs per turn; alternating rounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serialize, deserialize } from 'node:v8';
import SQLite from 'better-sqlite3';
import { openDatabase, migrateToLatest } from '../server/db/connect.js';
import { turnFollowingWrites } from '../server/repos/guests.js';
import { storedEvent } from '../src/core/analytics/index.js';
import type { TurnRecord } from '../server/repos/guests.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'micro-'));
const kdb = openDatabase({ databaseUrl: '', dataDir: dir, databaseSchema: undefined } as never);
await migrateToLatest(kdb);
await kdb.destroy();
const file = 'botflow.sqlite';
const db = new SQLite(path.join(dir, file));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = OFF');
const statements = new Map<string, SQLite.Statement>();
const prepare = (sql: string) => {
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = db.prepare(sql)));
  return s;
};
type G = { guard: [string, unknown[]]; then: [string, unknown[]][] };
const writeGroups = db.transaction((groups: G[]) => {
  for (const { guard, then } of groups) {
    if (prepare(guard[0]).run(guard[1]).changes === 0) continue;
    for (const [sql, params] of then) prepare(sql).run(params);
  }
});

const GUESTS = 100;
const versions = new Map<string, number | null>();
const session = {
  env: { ENVIRONMENT: 'web' },
  language: 'en',
  variables: { name: 'Ann', email: 'a@b.c', size: 'M' },
  stack: [{ node: 'n3', flow: 'main' }],
  history: Array(10).fill({ k: 'x'.repeat(40) }),
};
let seq = 0;
const NODES = ['menu', 'track', 'lookup', 'shipped', 'pending'];
function turn(g: number, analytics: boolean): TurnRecord {
  const guestId = `guest-${g}`;
  const v = versions.get(guestId) ?? null;
  versions.set(guestId, (v ?? 0) + 1);
  seq += 2;
  return {
    guestId,
    botId: 1,
    expectedVersion: v,
    session: session as never,
    messages: [
      { sender: 'guest', text: 'hello there' },
      { sender: 'bot', text: 'Hi! What size do you want?' },
    ] as never,
    firstSeq: seq,
    subscriptions: [],
    now: Date.now(),
    analytics: analytics
      ? storedEvent(guestId, 1, {
          version: 3,
          visits: [
            { flow: 'main', node: 'ask-size', from: 'start', language: 'en', first: 1 },
            { flow: 'main', node: 'show', from: 'ask-size', language: 'en', first: 0 },
          ],
          calls: [],
          outcome: {
            flow: 'main',
            version: 3,
            // As the runtime bench's guests: most turns move on, every other one adds an answer.
            lastNode: NODES[(v ?? 0) % NODES.length],
            ended: 0,
            completed: 0,
            fallbacks: 0,
            messagesIn: 1,
            messagesOut: 1,
            aiCalls: 0,
            aiMs: 0,
            apiCalls: 0,
            apiMs: 0,
            channel: 'web',
            language: 'en',
            answers: JSON.stringify({ ...session.variables, order: Math.floor((v ?? 0) / 2) }),
          },
        })
      : null,
  };
}
const BATCH = 10;
function guardOf(t: TurnRecord): [string, unknown[]] {
  const state = JSON.stringify(t.session);
  if (t.expectedVersion === null)
    return [
      'insert into guest_sessions (id, bot_id, channel, external_chat_id, state, version, created_at, updated_at, last_seen_at) values (?, ?, ?, ?, ?, 1, ?, ?, ?) on conflict do nothing',
      [t.guestId, 1, null, null, state, t.now, t.now, t.now],
    ];
  return [
    'update guest_sessions set state = ?, version = ?, updated_at = ?, last_seen_at = ? where id = ? and version = ?',
    [state, t.expectedVersion + 1, t.now, t.now, t.guestId, t.expectedVersion],
  ];
}
function round(analytics: boolean, part: 'all' | 'build' | 'clone' | 'db', turns: number) {
  // Rounds that write nothing leave the guests' versions as they were (else later writes miss).
  const kept = part === 'build' || part === 'clone' ? new Map(versions) : null;
  const start = process.cpuUsage();
  for (let i = 0; i < turns; i += BATCH) {
    const records = Array.from({ length: BATCH }, (_, j) => turn((i + j) % GUESTS, analytics));
    const groups = records.map((t) => ({
      guard: guardOf(t),
      then: turnFollowingWrites(t).map(([h, p]) => [h.sqlite, p] as [string, unknown[]]),
    }));
    if (part === 'build') continue;
    const copy = deserialize(serialize({ type: 'write', id: i, groups })) as { groups: G[] };
    if (part === 'clone') continue;
    writeGroups(part === 'db' ? groups : copy.groups);
  }
  const used = process.cpuUsage(start);
  if (kept) for (const [guest, version] of kept) versions.set(guest, version);
  return (used.user + used.system) / turns;
}
const TURNS = Number(process.env.TURNS ?? 20000);
round(true, 'all', 4000);
round(false, 'all', 4000);
const results: Record<string, number[]> = {};
for (let r = 0; r < 5; r++)
  for (const part of ['build', 'clone', 'all'] as const)
    for (const a of r % 2 ? [false, true] : [true, false]) {
      (results[`${part} ${a ? 'on' : 'off'}`] ??= []).push(round(a, part, TURNS));
    }
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
for (const [k, v] of Object.entries(results)) console.log(k.padEnd(12), med(v).toFixed(1), 'µs/turn');
// What was written: every writing round's turns must be there (a skipped guard writes nothing).
console.log(
  'rows written',
  db
    .prepare(
      'select (select count(*) from analytics_sessions) s, (select count(*) from analytics_turns) e, (select count(*) from conversation_turns) t',
    )
    .get(),
);
db.close();
fs.rmSync(dir, { recursive: true });
