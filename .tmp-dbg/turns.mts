// Quick profile: service.chat() in a loop on SQLite, no HTTP.
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path'; import http from 'node:http';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createBot } from '../server/repos/bots.js';
import { newBotFields } from '../src/core/bot/types.js';
import { loadChatBot } from '../server/runtime/chat-bot.js';
import { chatServiceOf } from '../server/runtime/registry.js';
import { saveFlow } from '../server/repos/flows.js';
import { checkNodes } from '../server/repos/flow-nodes.js';
import { newNode } from '../src/core/flow/index.js';
const orders = http.createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(200, {'content-type':'application/json'}).end('{"state":"shipped","date":"2024-05-01"}')); });
await new Promise<void>(r => orders.listen(0, '127.0.0.1', r));
const apiUrl = `http://127.0.0.1:${(orders.address() as any).port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turns-'));
const app = await buildApp({ ...loadConfig({}), dataDir, databaseUrl: process.env.DB ?? '', databaseSchema: process.env.SCHEMA, logLevel: 'silent', allowPrivateTargets: true, distDir: path.join(dataDir, 'none') });
const u = await app.db.insertInto('users').values({ first_name: 'a', last_name: 'b', email: `x${Date.now()}@e.com`, username: `u${Date.now()}`, password_hash: 'x', is_email_verified: 1, is_deleted: 0, mre_call_provider_id: null, mre_call_provider_name: null, mre_call_profile_id: null, mre_call_endpoint: null, created_at: 1 }).returning('id').executeTakeFirstOrThrow();
const bot = await createBot(app.db, u.id, { ...newBotFields(), name: 'S', origins: ['https://shop.example.com'] });
const n = (t: any, id: string, f: any) => ({ ...newNode(t, id, 0, 0, id), ...f });
const text = (en: string) => ({ type: 'content', content: { type: 'text', title: 't', content: { en } } });
const greet = n('basic', 'greet', { entries: [text('Welcome!')] }); greet.next = [{ id: 0, node: 'menu' }];
const menu = n('choice', 'menu', { message: { en: 'How can I help?' } }); menu.next = [{ id: 1, node: 'track', option: { en: { name: 'Track order', alt: ['track'] } } }, { id: 0, node: 'menu' }];
const track = n('basic', 'track', { entries: [text('Your order number?'), { type: 'variable', name: 'order', default: '', variableType: 'number', wait: true }] }); track.next = [{ id: 0, node: 'lookup' }];
const lookup = n('api', 'lookup', { store: { name: 'info', statusCodeVariable: 'code', successTarget: null, failureTarget: null } });
lookup.api = { ...lookup.api, url: process.env.NOAPI ? '' : `${apiUrl}/orders/\${{order}}`, retries: 0, retryDelay: 0 };
lookup.next = [{ id: 2, node: 'shipped', condition: { en: 'info.state == "shipped"' } }, { id: 0, node: 'shipped' }, { id: 1, node: 'shipped', onFailure: true }];
const shipped = n('basic', 'shipped', { entries: [text('Order ${{order}} shipped on ${{info.date}}.')] }); shipped.next = [{ id: 0, node: 'menu' }];
await saveFlow(app.db, bot.id, 'main', checkNodes([greet, menu, track, lookup, shipped]), 0);
const service = chatServiceOf(app);
async function turn(guestId: string | null, text: string) {
  const b = await loadChatBot(app.db, bot.id, 'main');
  return service.chat(b!, { guestId, text, file: null, language: null, ignoreSaving: guestId === null, targetTemplate: null });
}
async function conversation() {
  const a = await turn(null, 'Hello');
  for (const m of ['track', '42', 'track', '7']) await turn(a.guestId, m);
}
for (let i = 0; i < 200; i++) await conversation();
const N = Number(process.env.N ?? 1000);
const t0 = performance.now(); const c0 = process.cpuUsage();
for (let i = 0; i < N; i++) await conversation();
const c = process.cpuUsage(c0); const ms = performance.now() - t0;
console.log(`${(ms * 1000 / (N * 5)).toFixed(0)} µs/turn wall, ${((c.user + c.system) / (N * 5)).toFixed(0)} µs/turn cpu`);
await app.close(); orders.close();
