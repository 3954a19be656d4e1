// "Derive from brand colour": one colour in, a whole harmonious palette out. The brand colour
// fills the header, the guest's bubbles and the selected choice; light tints of it make the
// surfaces; text colours are chosen (or moved, with nearestReadable) until every pair of
// checks.ts passes WCAG AA, so a derived theme is readable whatever colour the author starts from.
import { fixAllContrast } from './checks';
import { AA_TEXT, contrastRatio, parseColor } from './contrast';
import { mixColours, nearestReadable } from './nearest';
import type { Theme, ThemeSections } from './types';

const INK = '#111827';

/** White, else near-black, else black: the first that reaches AA on `background`. */
export function textOn(background: string): string {
  for (const candidate of ['#ffffff', INK, '#000000']) {
    if (contrastRatio(candidate, background) >= AA_TEXT) return candidate;
  }
  return contrastRatio('#ffffff', background) > contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}

/** The colour sections of a theme derived from `brand` (a hex colour). */
export function derivePalette(brand: string): Pick<ThemeSections, 'user' | 'bot' | 'choice'> & {
  header: Pick<ThemeSections['header'], 'headerBackground' | 'headerColor'>;
  body: Pick<ThemeSections['body'], 'chatBackground' | 'dateColor'>;
  input: Omit<ThemeSections['input'], 'inputPlaceholderText'>;
} {
  const base = parseColor(brand) ? brand : '#6d28d9';
  const onBrand = textOn(base);
  const chatBackground = mixColours(base, '#ffffff', 0.97);
  const botBackground = mixColours(base, '#ffffff', 0.9);
  const inputBarBackground = mixColours(base, '#ffffff', 0.95);
  const accent = nearestReadable(nearestReadable(base, '#ffffff'), inputBarBackground);
  return {
    header: { headerBackground: base, headerColor: onBrand },
    body: { chatBackground, dateColor: nearestReadable(mixColours(base, '#4b5563', 0.8), botBackground) },
    user: { userBackground: base, userColor: onBrand },
    bot: { botBackground, botColor: INK },
    choice: {
      choiceColor: accent,
      choiceBackground: '#ffffff',
      choiceSelectedBackground: base,
      choiceSelectedColor: onBrand,
    },
    input: {
      inputTextColor: INK,
      inputBackground: '#ffffff',
      // Non-text contrast (WCAG 1.4.11): the field's edge at 3:1 on its own background.
      inputBorderColor: nearestReadable(mixColours(base, '#6b7280', 0.6), '#ffffff', 3),
      inputBarBackground,
      inputIconsColor: accent,
    },
  };
}

/** The theme with the derived palette laid over its colours (texts, sizes, flags kept). */
export function deriveTheme<T extends Theme>(theme: T, brand: string): T {
  const palette = derivePalette(brand);
  const derived = {
    ...theme,
    header: { ...theme.header, ...palette.header },
    body: { ...theme.body, ...palette.body },
    user: palette.user,
    bot: palette.bot,
    choice: palette.choice,
    input: { ...theme.input, ...palette.input },
  };
  // A derived dark variant replaces the author's old dark overrides: they were for other colours.
  delete derived.dark;
  // The pairs were chosen to pass; this catches any rounding at the edges.
  return fixAllContrast(derived);
}
