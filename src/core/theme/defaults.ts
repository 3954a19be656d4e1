import type { Theme, ThemePatch } from './types';

export const DEFAULT_THEME_COLOR = '#6d28d9';
export const DEFAULT_CHAT_TITLE = 'BotFlow';

/** A new bot's theme (spec 3 §3): purple header, title 'BotFlow' at 18, chat text at 16. */
export function defaultTheme(): Theme {
  return {
    header: {
      headerColor: '#ffffff',
      headerBackground: DEFAULT_THEME_COLOR,
      headerTitle: DEFAULT_CHAT_TITLE,
      headerTitleFontSize: 18,
      isAvatar: true,
    },
    body: {
      chatBackground: '#ffffff',
      chatFontSize: 16,
      dateColor: '#4b5563',
      botAvatar: '',
      customAvatar: null,
      rtl: false,
    },
    user: { userBackground: DEFAULT_THEME_COLOR, userColor: '#ffffff' },
    bot: { botBackground: '#f3f4f6', botColor: '#111827' },
    choice: {
      choiceColor: DEFAULT_THEME_COLOR,
      choiceBackground: '#ffffff',
      choiceSelectedBackground: DEFAULT_THEME_COLOR,
      choiceSelectedColor: '#ffffff',
    },
    input: {
      inputPlaceholderText: 'Type your chat here',
      inputTextColor: '#111827',
      inputBackground: '#ffffff',
      inputBorderColor: '#8d9094',
      inputBarBackground: '#f9fafb',
      inputIconsColor: DEFAULT_THEME_COLOR,
    },
  };
}

/** Applies an edit section by section; sections and fields it leaves out keep their value. */
export function mergeTheme(base: Theme, patch: ThemePatch): Theme {
  const merged: Theme = {
    header: { ...base.header, ...patch.header },
    body: { ...base.body, ...patch.body },
    user: { ...base.user, ...patch.user },
    bot: { ...base.bot, ...patch.bot },
    choice: { ...base.choice, ...patch.choice },
    input: { ...base.input, ...patch.input },
  };
  // The dark overrides and the per-language texts are whole values: an edit that sends them
  // means exactly them (an override the author removed must not survive a merge).
  const dark = patch.dark !== undefined ? patch.dark : base.dark;
  const texts = patch.texts !== undefined ? patch.texts : base.texts;
  if (dark && Object.keys(dark).length) merged.dark = dark;
  if (texts && Object.keys(texts).length) merged.texts = texts;
  return merged;
}

/**
 * The chat header's title: the theme's (a new bot's theme says 'BotFlow'), or the bot's name when
 * the theme's title was cleared, or 'BotFlow' when the bot has no name either.
 */
export function chatTitle(theme: Theme, botName?: string | null, languageCode?: string | null): string {
  const local = languageCode ? theme.texts?.[languageCode]?.headerTitle?.trim() : '';
  return local || theme.header.headerTitle.trim() || botName?.trim() || DEFAULT_CHAT_TITLE;
}

/** The input's placeholder in the conversation's language, else the theme's own. */
export function chatPlaceholder(theme: Theme, languageCode?: string | null): string {
  const local = languageCode ? theme.texts?.[languageCode]?.inputPlaceholderText?.trim() : '';
  return local || theme.input.inputPlaceholderText;
}
