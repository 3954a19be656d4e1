// The one tag a bot owner puts in a page's head (the flow editor's "Bot Info & Help" shows it).
// It carries what the loader needs to draw the launcher without asking the server anything
// (widget/loader.ts): the bot's name for its label and the bot's avatar when the bot uses one.
import type { BotFields } from '../bot/types';

type EmbeddedBot = Pick<BotFields, 'name' | 'is_avatar' | 'avatar' | 'customAvatar'> & { id: number };

/** The bot's avatar when the bot shows one (uploaded first, else the chosen preset), or null. */
export function botAvatarUrl(bot: Pick<BotFields, 'is_avatar' | 'avatar' | 'customAvatar'>): string | null {
  if (!bot.is_avatar) return null;
  const url = (bot.customAvatar || bot.avatar || '').trim();
  return url === '' ? null : url;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The script tag for `bot`, served from the BotFlow server at `origin`. */
export function embedSnippet(origin: string, bot: EmbeddedBot): string {
  const attributes: [string, string][] = [
    ['src', `${origin}/widget/loader.js`],
    ['data-bot-id', String(bot.id)],
  ];
  if (bot.name.trim()) attributes.push(['data-bot-name', bot.name.trim()]);
  const avatar = botAvatarUrl(bot);
  // The host page is elsewhere: an avatar served by BotFlow needs BotFlow's address.
  if (avatar) attributes.push(['data-avatar', new URL(avatar, origin).href]);
  const written = attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ');
  return `<script ${written} async></script>`;
}
