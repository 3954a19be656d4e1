// A bot owner's web site for the end-to-end tests, on its own origin: a shop page that embeds the
// widget with one script tag, an API the flow's api node calls, and a fake call provider that
// speaks the spec's call API (spec 3 §7 "Call provider backend"). Started by playwright.config.ts.
// It also stands in for the operator's OpenAI-compatible endpoint (LLM_BASE_URL of the e2e
// server points at /llm/v1): tests/fixtures/fake-llm.ts behind a path, its requests at /llm-log.
import http from 'node:http';
import { OPENING_CUE } from '../../../server/routes/realtime/voice-prompt';
import { startFakeLlm } from '../../fixtures/fake-llm';
import { HOST_PAGE_PORT, LLM_API_KEY } from './env';

interface CallRecord {
  id: string;
  polls: number;
  promoted: unknown[];
  stopped: boolean;
  scheduled: unknown;
}

const calls = new Map<string, CallRecord>();

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
    // The fake provider is called by the chat iframe, from the product's origin.
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Content-Type, Authorization',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

async function provider(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
  if (path === '/api/call/schedule' && req.method === 'POST') {
    const id = `call-${calls.size + 1}`;
    calls.set(id, { id, polls: 0, promoted: [], stopped: false, scheduled: await readBody(req) });
    return send(res, 200, { mre_call_id: id, join_code: `JOIN-${id}` });
  }
  const match = /^\/api\/call\/([^/]+)(\/promoteparticipant|\/stop)?$/.exec(path);
  const call = match ? calls.get(match[1]) : undefined;
  if (!call) return send(res, 404, { errors: [{ key: 'client', message: 'No such call' }] });
  if (match![2] === '/promoteparticipant') {
    call.promoted.push(await readBody(req));
    return send(res, 200, { success: true });
  }
  if (match![2] === '/stop') {
    call.stopped = true;
    return send(res, 200, { success: true });
  }
  // The agent joins at the second poll; nobody holds the host role until promoted.
  call.polls++;
  const agentActive = call.polls >= 2;
  return send(res, 200, {
    participants: [
      {
        role_id: 1,
        last_active_time: null,
        is_active: call.promoted.length > 0,
        account_profile_id: 'guest',
      },
      {
        role_id: 2,
        last_active_time: agentActive ? Date.now() : null,
        is_active: agentActive,
        account_profile_id: 'agent-7',
      },
    ],
  });
}

/** The tea expert of the realtime AI test: greets when the call opens, then answers. */
const llm = await startFakeLlm({
  apiKey: LLM_API_KEY,
  answer(messages) {
    const said = messages.at(-1)?.content ?? '';
    if (said === OPENING_CUE) return 'Hello! I am the Acme tea expert. What would you like to know?';
    return `You said: ${said}. Try our green sencha.`;
  },
});

/** Passes /llm/v1/… on to the fake LLM as it came (key, body and all). */
async function forwardToLlm(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'content-type']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await fetch(`${llm.baseUrl}${path}`, {
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
    return provider(req, res, url.pathname.slice('/provider'.length));
  if (url.pathname === '/provider-log') return send(res, 200, [...calls.values()]);
  if (url.pathname.startsWith('/llm/v1/'))
    return forwardToLlm(req, res, url.pathname.slice('/llm/v1'.length));
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
