import { chromium } from 'playwright';
import http from 'node:http';
import fs from 'node:fs';
const real = fs.readFileSync('/tmp/dist-widget/widget/loader.js', 'utf8');
const info = JSON.stringify({ success: true, theme: { header: { headerBackground: '#6d28d9', headerColor: '#fff' } }, bot: { name: 'X', avatar: '', is_avatar: false } });
const variants: Record<string, string> = {
  real,
  nofetch: real.replace('await(await fetch(e)).json()', `await Promise.resolve(${info})`),
  empty: '/**/',
};
const product = http.createServer((req, res) => {
  const v = new URL(req.url!, 'http://x').searchParams.get('v');
  if (req.url!.startsWith('/widget/loader.js')) { res.writeHead(200, {'content-type': 'text/javascript'}); return res.end(variants[v!]); }
  res.writeHead(200, {'content-type': 'application/json', 'access-control-allow-origin': '*'}); res.end(info);
});
await new Promise<void>((r) => product.listen(0, '127.0.0.1', () => r()));
const pport = (product.address() as any).port;
const site = http.createServer((req, res) => { const v = new URL(req.url!, 'http://x').searchParams.get('v'); res.writeHead(200, {'content-type':'text/html'}); res.end(`<html><head>${v ? `<script src="http://127.0.0.1:${pport}/widget/loader.js?v=${v}" data-bot-id="1" async></script>` : ''}</head><body>${'<p>text</p>'.repeat(50)}</body></html>`); });
await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
const sport = (site.address() as any).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const results: Record<string, number[]> = {};
for (let i = 0; i < 7; i++) for (const v of ['', 'empty', 'nofetch', 'real']) {
  const context = await browser.newContext(); const page = await context.newPage();
  const url = `http://localhost:${sport}/?v=${v}`;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'v8'] });
  await page.goto(url); await page.waitForTimeout(1000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as any[];
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  const main = events.find((e) => e.pid === parse?.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid);
  const total = on.filter((e) => e.name === 'ThreadControllerImpl::RunTask').reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  const ev = on.filter((e) => e.name === 'EvaluateScript').reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  (results[v || 'none'] ??= []).push(total, ev);
  await context.close();
}
for (const [k, v] of Object.entries(results)) {
  const tot = v.filter((_, i) => i % 2 === 0).sort((a, b) => a - b); const ev = v.filter((_, i) => i % 2 === 1).sort((a, b) => a - b);
  console.log(k, 'median total', tot[3].toFixed(2), 'median eval', ev[3].toFixed(2));
}
await browser.close(); product.close(); site.close();
