// The bot's theme (spec 3 §3 Theme) as CSS custom properties on the chat's root; chat.css reads
// them. Dark mode is the same theme with dark surfaces (src/core/theme/dark.ts).
import type { CSSProperties } from 'react';
import { darkTheme } from '../../src/core/theme/dark';
import type { Theme } from '../../src/core/theme/types';

export function themeStyle(theme: Theme, dark = false): CSSProperties {
  const { header, body, user, bot, choice, input } = dark ? darkTheme(theme) : theme;
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
  return style as CSSProperties;
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
