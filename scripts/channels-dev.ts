// `npm run channels:dev` (issue 16 item 7): talk to a bot on Telegram and WhatsApp from the
// terminal, without Telegram or Meta. It starts both local fakes (tests/fixtures/) and the BotFlow
// server pointed at them, then reads lines: "tg hello" writes to the bot as a Telegram user,
// "wa hello" as a WhatsApp user, and the bot's answers are printed as each channel shows them
// (buttons numbered: "tg 2" / "wa 2" presses the second). Connect a bot first in its Advanced tab
// with the printed Telegram token and WhatsApp phone number id and token.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { telegramItem, whatsAppItem, type PreviewItem } from '../src/core/channels/index.js';
import { DEV_TOKEN as TG_TOKEN, startFakeTelegram } from '../tests/fixtures/fake-telegram.js';
import {
  DEV_APP_SECRET,
  DEV_PHONE_ID,
  DEV_TOKEN as WA_TOKEN,
  startFakeWhatsApp,
} from '../tests/fixtures/fake-whatsapp.js';

const HOST = '127.0.0.1';
const PORT = Number(process.env.PORT ?? 8080);
const TG_CHAT = 7;
const WA_GUEST = '15550001111';
const VERIFY_TOKEN = 'dev-verify-token';

const telegram = await startFakeTelegram({ host: HOST, port: Number(process.env.TELEGRAM_PORT ?? 8093) });
const whatsapp = await startFakeWhatsApp({ host: HOST, port: Number(process.env.WHATSAPP_PORT ?? 8094) });
whatsapp.setWebhook(`http://${HOST}:${PORT}/api/channels/whatsapp`, DEV_APP_SECRET);

// The server, unless one runs already (NO_SERVER=1: start it yourself with the variables below).
const env = {
  TELEGRAM_API_BASE: telegram.baseUrl,
  WHATSAPP_API_BASE: whatsapp.baseUrl,
  WHATSAPP_APP_SECRET: DEV_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
};
const server =
  process.env.NO_SERVER === '1'
    ? null
    : spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
        env: { ...process.env, ...env, PORT: String(PORT), HOST, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });

console.log(`BotFlow ${server ? 'starting' : 'expected'} on http://${HOST}:${PORT} with`);
for (const [name, value] of Object.entries(env)) console.log(`  ${name}=${value}`);
console.log(`In a bot's Advanced tab: Telegram token ${TG_TOKEN}`);
console.log(`                         WhatsApp phone number id ${DEV_PHONE_ID}, token ${WA_TOKEN}`);
console.log('Then type "tg <text>" or "wa <text>" (a number presses that button), "help", "quit".');

type Channel = 'tg' | 'wa';
/** Per channel: the bot's messages printed so far, and the buttons last offered. */
const seen = { tg: 0, wa: 0 };
const offered: Record<Channel, { labels: string[]; press(n: number): Promise<void> }> = {
  tg: { labels: [], press: async () => undefined },
  wa: { labels: [], press: async () => undefined },
};

function lines(item: PreviewItem): string[] {
  const said = (runs: { text: string }[]) => runs.map((r) => r.text).join('');
  switch (item.kind) {
    case 'text':
      return [said(item.runs)];
    case 'buttons':
      return [said(item.runs), item.buttons.map((b, i) => `[${i + 1}] ${b}`).join('  ')];
    case 'list':
      return [said(item.runs), `(${item.button}) ${item.rows.map((r, i) => `[${i + 1}] ${r}`).join('  ')}`];
    case 'image':
      return [`🖼 ${item.url} ${said(item.caption)}`];
    case 'album':
      return [`🖼 ×${item.urls.length}: ${item.urls.join(' ')} ${said(item.caption)}`];
    case 'file':
      return [`📄 ${item.name} ${item.url}`];
  }
}

function show(channel: Channel, items: PreviewItem[], onPress: (label: string, at: number) => Promise<void>) {
  for (const item of items) {
    for (const line of lines(item)) if (line.trim()) console.log(`${channel} ◂ ${line}`);
    const labels = item.kind === 'buttons' ? item.buttons : item.kind === 'list' ? item.rows : [];
    if (labels.length) offered[channel] = { labels, press: (n) => onPress(labels[n - 1], n) };
  }
}

/** Prints what the bot sent since last time, as each channel shows it. */
function printNew(): void {
  const tg = telegram.sent.get(String(TG_CHAT)) ?? [];
  for (const message of tg.slice(seen.tg)) {
    const markup = message.params.reply_markup as
      { inline_keyboard?: { callback_data: string }[][] } | undefined;
    const data = markup?.inline_keyboard?.flat().map((b) => b.callback_data) ?? null;
    show('tg', telegramItem({ method: message.method, params: message.params }), async (label, n) => {
      // An inline button sends its callback_data; a reply keyboard button sends its text.
      await telegram.deliver(
        TG_TOKEN,
        data ? telegram.press(TG_CHAT, data[n - 1]) : telegram.message(TG_CHAT, label),
      );
    });
  }
  seen.tg = tg.length;
  const wa = whatsapp.sent.get(WA_GUEST) ?? [];
  for (const message of wa.slice(seen.wa)) {
    const interactive = message.body.interactive as
      | {
          type: string;
          action: { buttons?: { reply: { id: string } }[]; sections?: { rows: { id: string }[] }[] };
        }
      | undefined;
    show('wa', whatsAppItem(message.body), async (label, n) => {
      if (interactive?.type === 'button')
        await whatsapp.deliver(
          whatsapp.buttonReply(WA_GUEST, interactive.action.buttons![n - 1].reply.id, label),
        );
      else if (interactive?.type === 'list') {
        const rows = interactive.action.sections!.flatMap((s) => s.rows);
        await whatsapp.deliver(whatsapp.listReply(WA_GUEST, rows[n - 1].id, label));
      } else await whatsapp.deliver(whatsapp.text(WA_GUEST, label));
    });
  }
  seen.wa = wa.length;
}
const printer = setInterval(printNew, 100);

async function say(channel: Channel, text: string): Promise<void> {
  const n = /^\d{1,2}$/.test(text) ? Number(text) : 0;
  if (n && offered[channel].labels[n - 1]) return offered[channel].press(n);
  const location = /^loc\s+(-?[\d.]+)\s*,\s*(-?[\d.]+)$/.exec(text);
  if (channel === 'tg') {
    const update = location
      ? telegram.media(TG_CHAT, {
          location: { latitude: Number(location[1]), longitude: Number(location[2]) },
        })
      : telegram.message(TG_CHAT, text);
    const status = await telegram.deliver(TG_TOKEN, update);
    if (status === 0) console.log('tg: no webhook yet (save the token in a bot, or TELEGRAM_MODE=polling)');
    else if (status !== 200) console.log(`tg: the webhook answered ${status}`);
    return;
  }
  const payload = location
    ? whatsapp.incoming(WA_GUEST, {
        type: 'location',
        location: { latitude: Number(location[1]), longitude: Number(location[2]) },
      })
    : whatsapp.text(WA_GUEST, text);
  const status = await whatsapp.deliver(payload).catch(() => 0);
  if (status !== 200) console.log(`wa: the webhook answered ${status || 'nothing (is the server up?)'}`);
}

const HELP = `tg <text>        write to the bot on Telegram (/start starts, /restart restarts)
wa <text>        write on WhatsApp (any first message starts, "restart" asks first)
tg 2 / wa 2      press the second button (or list row) last offered
tg loc 48.8,2.3  share a location
quit             stop the fakes and the server`;

let channel: Channel = 'tg';
const input = readline.createInterface({ input: process.stdin, terminal: process.stdin.isTTY });
input.on('line', (line) => {
  const match = /^\s*(tg|wa)\b\s*(.*)$/i.exec(line);
  if (match) channel = match[1].toLowerCase() as Channel;
  const text = (match ? match[2] : line).trim();
  if (!match && text === 'help') return console.log(HELP);
  if (!match && (text === 'quit' || text === 'exit')) return input.close();
  if (text) void say(channel, text).catch((error) => console.log(`${channel}: ${String(error)}`));
});
input.on('close', () => {
  // Let the last answers arrive and print before stopping.
  setTimeout(
    async () => {
      printNew();
      clearInterval(printer);
      server?.kill('SIGTERM');
      await Promise.all([telegram.close(), whatsapp.close()]);
      process.exit(0);
    },
    Number(process.env.QUIT_AFTER_MS ?? 500),
  );
});
server?.on('exit', (code) => {
  if (code) console.log(`The server stopped (${code}).`);
});
