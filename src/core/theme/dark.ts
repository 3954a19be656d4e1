// The chat's dark mode (spec 3 §2 light/dark switch, themeMode=dark): the bot's brand colours
// (header, guest bubbles, selected choices) stay, the surfaces turn dark, and the brand colours
// drawn *on* those surfaces (choice text, input icons) are lightened just enough to stay readable
// (WCAG AA), so a dark purple choice never sits unreadable on a near-black background.
import { AA_TEXT, readableOn } from './contrast';
import { mergeTheme } from './defaults';
import type { Theme } from './types';

export const DARK_SURFACES = {
  chatBackground: '#0f172a',
  botBackground: '#1e293b',
  botColor: '#e2e8f0',
  dateColor: '#94a3b8',
  choiceBackground: '#0f172a',
  inputBackground: '#1e293b',
  inputTextColor: '#e2e8f0',
  inputBorderColor: '#687484',
  inputBarBackground: '#111827',
} as const;

/** The derived dark variant with the author's own dark overrides (theme.dark) laid over it. */
export function darkTheme(theme: Theme): Theme {
  const derived = derivedDarkTheme(theme);
  return theme.dark ? mergeTheme(derived, { ...theme.dark, dark: {} }) : derived;
}

/** The dark variant as derived from the light theme, before the author's overrides. */
export function derivedDarkTheme(theme: Theme): Theme {
  const s = DARK_SURFACES;
  // The icons colour also writes the file picker's label on the input background.
  const icons = readableOn(readableOn(theme.input.inputIconsColor, s.inputBarBackground), s.inputBackground);
  return mergeTheme(theme, {
    body: { chatBackground: s.chatBackground, dateColor: s.dateColor },
    bot: { botBackground: s.botBackground, botColor: s.botColor },
    choice: {
      choiceBackground: s.choiceBackground,
      choiceColor: readableOn(theme.choice.choiceColor, s.choiceBackground, AA_TEXT),
    },
    input: {
      inputBackground: s.inputBackground,
      inputTextColor: s.inputTextColor,
      inputBorderColor: s.inputBorderColor,
      inputBarBackground: s.inputBarBackground,
      inputIconsColor: icons,
    },
  });
}
