// A bot owner's web site for the end-to-end tests, on its own origin: a shop page that embeds the
// widget with one script tag, an API the flow's api node calls, and the fake call provider of
// tests/fixtures/fake-call-provider.ts behind /provider (spec 3 §7 "Call provider backend"; the
// e2e server's CALL_PROVIDER_ENDPOINT points there), its requests at /provider-log. Started by
// playwright.config.ts.
// It also stands in for the operator's OpenAI-compatible endpoint (LLM_BASE_URL of the e2e
// server points at /llm/v1): tests/fixtures/fake-llm.ts behind a path, its requests at /llm-log.
import http from 'node:http';
import { OPENING_CUE } from '../../../server/routes/realtime/voice-prompt';
import { startFakeCallProvider } from '../../fixtures/fake-call-provider';
import { fakeTranslation, startFakeLlm } from '../../fixtures/fake-llm';
import { CALL_PROVIDER_TOKEN, HOST_PAGE_PORT, LLM_API_KEY } from './env';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(query: URLSearchParams): string {
  const product = query.get('product') ?? '';
  const bot = query.get('bot') ?? '';
  const attributes = [
    `src="${escape(product)}/widget/loader.js"`,
    `data-bot-id="${escape(bot)}"`,
    query.get('customUI') ? `data-custom-ui="${escape(query.get('customUI')!)}"` : '',
    query.get('themeMode') ? `data-theme-mode="${escape(query.get('themeMode')!)}"` : '',
    query.get('name') ? `data-bot-name="${escape(query.get('name')!)}"` : '',
    'async',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Acme Shop</title>
    <script>performance.mark('host-head');</script>
    <script ${attributes.join(' ')}></script>
    <style>
      body { font-family: Georgia, serif; margin: 0; background: #fbf7f0; color: #2d2a26; }
      header { padding: 24px 48px; background: #2d2a26; color: #fbf7f0; }
      main { padding: 32px 48px; max-width: 720px; line-height: 1.6; }
      .card { background: #fff; border-radius: 12px; padding: 16px 24px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
    </style>
  </head>
  <body>
    <header><h1>Acme Shop</h1></header>
    <main>
      <h2>Hand-made tea cups</h2>
      <p>Every cup is thrown on the wheel in our workshop. Questions? Our assistant is in the corner.</p>
      <div class="card"><p>Free shipping on orders over 40 EUR.</p></div>
    </main>
  </body>
</html>`;
}

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, {
    'Content-Type': type,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Content-Type, Authorization',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** The tea expert of the realtime AI test: greets when the call opens, then answers. */
const llm = await startFakeLlm({
  apiKey: LLM_API_KEY,
  answer(messages) {
    // Publishing a flow of a bot with "Translate flow content" on asks for translations.
    const translated = fakeTranslation(messages);
    if (translated !== null) return translated;
    const said = messages.at(-1)?.content ?? '';
    if (said === OPENING_CUE) return 'Hello! I am the Acme tea expert. What would you like to know?';
    return `You said: ${said}. Try our green sencha.`;
  },
});

const callProvider = await startFakeCallProvider({ token: CALL_PROVIDER_TOKEN });

/** Passes a request on to one of the fakes as it came (key, body and all). */
async function forward(req: http.IncomingMessage, res: http.ServerResponse, target: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'content-type']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await fetch(target, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  if (req.method === 'OPTIONS') return send(res, 204, '');
  if (url.pathname === '/health') return send(res, 200, { ok: true });
  if (url.pathname === '/api/greeting') {
    const name = url.searchParams.get('name') ?? 'friend';
    return send(res, 200, { message: `Nice to meet you, ${name}!` });
  }
  if (url.pathname.startsWith('/provider/'))
    return forward(req, res, `${callProvider.baseUrl}${url.pathname.slice('/provider'.length)}${url.search}`);
  if (url.pathname === '/provider-log') return forward(req, res, `${callProvider.baseUrl}/_fake/log`);
  if (url.pathname.startsWith('/llm/v1/'))
    return forward(req, res, `${llm.baseUrl}${url.pathname.slice('/llm/v1'.length)}`);
  if (url.pathname === '/llm-log') {
    return send(
      res,
      200,
      llm.requests.map(({ path, json, form }) => ({ path, json, form })),
    );
  }
  return send(res, 200, page(url.searchParams), 'text/html; charset=utf-8');
});

server.listen(HOST_PAGE_PORT, () => console.log(`host page on ${HOST_PAGE_PORT}`));
