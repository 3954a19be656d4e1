// The bot's theme (spec 3 §3 Theme) as CSS custom properties on the chat's root; chat.css reads
// them, and dark mode overrides the surfaces (backgrounds, bot bubbles, input) only.
import type { CSSProperties } from 'react';
import type { Theme } from '../../src/core/theme/types';

/** Dark mode keeps the bot's brand colours (header, guest bubbles, choices) and darkens the surfaces. */
const DARK_SURFACES = {
  '--chat-bg': '#0f172a',
  '--bot-bg': '#1e293b',
  '--bot-color': '#e2e8f0',
  '--date-color': '#94a3b8',
  '--choice-bg': '#0f172a',
  '--input-bg': '#1e293b',
  '--input-color': '#e2e8f0',
  '--input-border': '#334155',
  '--bar-bg': '#111827',
};

export function themeStyle(theme: Theme, dark = false): CSSProperties {
  const { header, body, user, bot, choice, input } = theme;
  const style = {
    '--header-bg': header.headerBackground,
    '--header-color': header.headerColor,
    '--title-size': `${header.headerTitleFontSize}px`,
    '--chat-bg': body.chatBackground,
    '--chat-font': `${body.chatFontSize}px`,
    '--date-color': body.dateColor,
    '--user-bg': user.userBackground,
    '--user-color': user.userColor,
    '--bot-bg': bot.botBackground,
    '--bot-color': bot.botColor,
    '--choice-color': choice.choiceColor,
    '--choice-bg': choice.choiceBackground,
    '--choice-sel-bg': choice.choiceSelectedBackground,
    '--choice-sel-color': choice.choiceSelectedColor,
    '--input-color': input.inputTextColor,
    '--input-bg': input.inputBackground,
    '--input-border': input.inputBorderColor,
    '--bar-bg': input.inputBarBackground,
    '--icons': input.inputIconsColor,
  };
  return (dark ? { ...style, ...DARK_SURFACES } : style) as CSSProperties;
}

/**
 * Spec 3 §9: a relative image address is the server's (prefixed with its host); https:// and
 * data addresses are used as they are.
 */
export function mediaUrl(url: string, base = ''): string {
  if (!url || /^(https?:|data:|blob:)/i.test(url)) return url;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The bot's picture: the theme's uploaded or chosen avatar, else the bot's own. */
export function avatarOf(theme: Theme, botAvatar: string | undefined): string {
  return theme.body.customAvatar || theme.body.botAvatar || botAvatar || '';
}
