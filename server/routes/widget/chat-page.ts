// GET /chat: the chat app as a page of its own (spec 3 §2 "Always available"), and the document
// the loader puts in its iframe. It answers with `Content-Security-Policy: frame-ancestors` listing
// the bot's origins, so a browser refuses to show it framed by any other site. CSP compares
// origins only; paths ("Allow Widget on URL Subpaths") are checked on every chat call instead.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { frameAncestorSources } from '../../../src/core/widget/origin.js';
import type { Config } from '../../config.js';
import { findTheme } from '../../repos/themes.js';
import { absoluteUrl, presentTheme } from '../bots/present.js';
import { findPublicBot } from './public-bot.js';

export function frameAncestorsHeader(origins: readonly string[]): string {
  return `frame-ancestors ${["'self'", ...frameAncestorSources(origins)].join(' ')}`;
}

/**
 * The bot's look (theme, name, avatar) written into the page, so the chat's first frame is already
 * in the bot's colours (issue 15: no flash of the default theme). JSON inside a script element:
 * '<' is escaped so no value can close the element. Nothing private: the same the widget reads.
 */
export function withLook(html: string, look: unknown): string {
  const json = JSON.stringify(look).replace(/</g, '\\u003c');
  const tag = `<script id="chat-look" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}

function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}

const chatPage: FastifyPluginAsync<{ config: Config }> = async (app, opts) => {
  const file = path.join(opts.config.distDir, 'widget', 'chat', 'index.html');
  let html: string | null = null;

  app.get('/chat', async (request, reply) => {
    html ??= await fs.readFile(file, 'utf8').catch(() => null);
    if (html === null) {
      return reply
        .code(503)
        .send({ success: false, message: 'The chat app is not built: run "npm run build".' });
    }
    const botId = /^\d{1,9}$/.exec(String((request.query as Record<string, unknown>).bot_id ?? ''));
    const bot = botId ? await findPublicBot(app.db, Number(botId[0])) : null;
    const { publicUrl } = opts.config;
    const page = bot
      ? withLook(html, {
          theme: presentTheme(await findTheme(app.db, bot.id), bot, publicUrl),
          botName: bot.name,
          botAvatar: absoluteUrl(bot.customAvatar || bot.avatar, publicUrl),
        })
      : html;
    return reply
      .header('Content-Security-Policy', frameAncestorsHeader(bot?.origins ?? []))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page);
  });

  // The built document also sits among the static widget files; it is only ever served with its
  // policy, from /chat.
  for (const url of ['/widget/chat/', '/widget/chat/index.html']) {
    app.get(url, async (request, reply) => reply.redirect(`/chat${queryOf(request.url)}`));
  }
};

export default chatPage;
