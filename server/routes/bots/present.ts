// How bots and themes leave the server, and the shape of refusals.
import type { FastifyReply } from 'fastify';
import type { Bot, BotLanguage } from '../../../src/core/bot/types.js';
import type { BotTheme, Theme } from '../../../src/core/theme/index.js';
import type { StoredBot } from '../../repos/bots.js';
import { AVATAR_URL_PREFIX } from '../../repos/uploads.js';
import { maskToken } from '../../../src/core/channels/mask.js';

/** Another customer's bot answers exactly like a missing one. */
export const BOT_NOT_FOUND = 'Bot not found';

export function fail(reply: FastifyReply, status: number, message: string, key?: string) {
  return reply.code(status).send({ success: false, message, key });
}

/**
 * Relative avatar URLs (our uploads, the presets) get the public address in front so the widget
 * on another site can load them (spec 1 §7); absolute ones are left as they are.
 */
export function absoluteUrl<T extends string | null>(url: T, publicUrl: string): T {
  if (!url || /^[a-z][a-z\d+.-]*:/i.test(url)) return url;
  return `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}` as T;
}

/** The reverse for our own uploads: a client echoing back an absolute upload URL means the same file. */
export function relativeUrl<T extends string | null>(url: T, publicUrl: string): T {
  if (url && url.startsWith(`${publicUrl}${AVATAR_URL_PREFIX}`)) return url.slice(publicUrl.length) as T;
  return url;
}

export function presentBot(bot: StoredBot, languages: Map<number, BotLanguage>, publicUrl: string): Bot {
  return {
    ...bot,
    avatar: absoluteUrl(bot.avatar, publicUrl),
    customAvatar: absoluteUrl(bot.customAvatar, publicUrl),
    // Channel tokens are secrets: shown masked (saving the masked value back keeps them).
    whatsapp_token: maskToken(bot.whatsapp_token),
    telegram_token: maskToken(bot.telegram_token),
    languages: bot.supported_languages.flatMap((id) => {
      const language = languages.get(id);
      return language ? [{ id: language.id, name: language.name, code: language.code }] : [];
    }),
  };
}

/** The theme as the theme page reads it: with the bot's language and voice settings. */
export function presentTheme(theme: Theme, bot: StoredBot, publicUrl: string): BotTheme {
  return {
    ...theme,
    body: {
      ...theme.body,
      botAvatar: absoluteUrl(theme.body.botAvatar, publicUrl),
      customAvatar: absoluteUrl(theme.body.customAvatar, publicUrl),
    },
    language: bot.language,
    use_stt: bot.use_stt,
    use_tts: bot.use_tts,
    use_ext_stt: bot.use_ext_stt,
    use_ext_tts: bot.use_ext_tts,
  };
}

/** Our uploaded files a bot refers to, through its own fields and its theme. */
export function uploadsOf(bot: { customAvatar: string | null }, theme: Theme): (string | null)[] {
  return [bot.customAvatar, theme.body.botAvatar, theme.body.customAvatar];
}
