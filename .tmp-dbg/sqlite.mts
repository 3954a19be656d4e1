import SQLite from 'better-sqlite3'; import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
for (const sync of ['NORMAL', 'OFF']) {
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-'));
const db = new SQLite(path.join(dir, 'x.sqlite'));
db.pragma('journal_mode = WAL'); db.pragma(`synchronous = ${sync}`);
db.exec(`create table s (id varchar(64) primary key, bot_id integer, state text, version integer, u bigint, l bigint);
create table m (guest_id varchar(64), seq integer, sender text, type text, payload text, tr text, lc text, d integer, c bigint, primary key (guest_id, seq));`);
const state = JSON.stringify({ flow: 'main', at: { flow: 'main', node: 'menu', wait: { kind: 'choice' } }, stack: [], variables: { order: 42, info: { state: 'shipped', date: '2024-05-01' }, code: 200 }, language: 'en', preferredLanguage: null, env: { ENVIRONMENT: 'web', ENV_COURSE_ID: null, WA_NUMBER: '', custom: {} }, lastInput: '42', aiQuery: '', messageCount: 12 });
const ins = db.prepare('insert into s values (?,?,?,?,?,?)'); const sel = db.prepare('select * from s where id = ?');
const upd = db.prepare('update s set state = ?, version = ?, u = ?, l = ? where id = ? and version = ?');
const im = db.prepare('insert into m values (?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?)');
const begin = db.prepare('begin'); const commit = db.prepare('commit');
const N = 20000; const ids = Array.from({ length: 2000 }, (_, i) => `guest-${i}-aaaaaaaaaaaaaaaaaaaaaaaa`);
for (const id of ids) ins.run(id, 1, state, 1, 1, 1);
const versions = new Map(ids.map((i) => [i, 1])); const seqs = new Map(ids.map((i) => [i, 0]));
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const id = ids[i % ids.length]; sel.get(id);
  const v = versions.get(id)!; const s = seqs.get(id)!;
  begin.run(); upd.run(state, v + 1, i, i, id, v);
  const row = (k: number) => [id, s + k, 'bot', 'text', '{"type":"text","content":"Order 42 shipped on 2024-05-01."}', null, 'en', 0, i];
  im.run(...row(0), ...row(1), ...row(2)); commit.run();
  versions.set(id, v + 1); seqs.set(id, s + 3);
}
console.log(sync, ((performance.now() - t0) * 1000 / N).toFixed(1), 'µs per turn (select + begin/update/insert3/commit)');
db.close();
}
