import { describe, expect, it } from 'vitest';
import {
  AA_TEXT,
  contrastChecks,
  contrastRatio,
  darkTheme,
  defaultTheme,
  derivePalette,
  deriveTheme,
  derivedDarkTheme,
  fixContrast,
  mergeTheme,
  nearestReadable,
  nearestReadableOnAll,
  parseColor,
  textOn,
  type ThemeSections,
} from '../../src/core/theme';

// Readable by construction (issue 15): the ratio, the nearest passing colour, the derived palette.

/** A seeded generator: the 50 "random" brand colours are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}
const hex = (n: number) =>
  Math.floor(n * 256)
    .toString(16)
    .padStart(2, '0');

describe('contrast ratio, WCAG known pairs', () => {
  // Values from WCAG 2.1 Understanding 1.4.3 and the WebAIM checker (which implements it).
  it.each([
    ['#000000', '#ffffff', 21],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#595959', '#ffffff', 7],
    ['#0000ff', '#ffffff', 8.59],
    ['#ff0000', '#ffffff', 4],
    ['#008000', '#ffffff', 5.14],
    ['#ffffff', '#ffffff', 1],
  ])('%s on %s is %s:1', (fg, bg, ratio) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 1);
  });
});

describe('nearestReadable', () => {
  it('leaves a passing colour as it is', () => {
    expect(nearestReadable('#595959', '#ffffff')).toBe('#595959');
  });

  it('moves #777777 on white by the least amount: to #767676 or a hair darker', () => {
    const fixed = nearestReadable('#777777', '#ffffff');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    const grey = parseColor(fixed)!;
    expect(grey.r).toBeGreaterThanOrEqual(0x72);
    expect(grey.r).toBeLessThanOrEqual(0x76);
  });

  it('keeps the hue and fixes toward white on a dark background', () => {
    const fixed = nearestReadable('#6d28d9', '#0f172a');
    expect(contrastRatio(fixed, '#0f172a')).toBeGreaterThanOrEqual(AA_TEXT);
    const { r, g, b } = parseColor(fixed)!;
    expect(b).toBeGreaterThan(r);
    expect(r).toBeGreaterThan(g);
  });

  it('picks the nearer direction on a mid-tone background', () => {
    // A near-white text on mid grey: lighter is far closer than darker.
    const fixed = nearestReadable('#eeeeee', '#707070');
    expect(contrastRatio(fixed, '#707070')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(parseColor(fixed)!.r).toBeGreaterThan(0xee);
  });

  it('finds a colour for every one of several backgrounds when one exists', () => {
    const fixed = nearestReadableOnAll('#9ca3af', ['#ffffff', '#f3f4f6']);
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(fixed, '#f3f4f6')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('passes for 200 random pairs, at 4.5 and at 3', () => {
    const random = seeded(7);
    for (let i = 0; i < 200; i++) {
      const fg = `#${hex(random())}${hex(random())}${hex(random())}`;
      const bg = `#${hex(random())}${hex(random())}${hex(random())}`;
      const minimum = i % 2 ? AA_TEXT : 3;
      expect(contrastRatio(nearestReadable(fg, bg, minimum), bg)).toBeGreaterThanOrEqual(minimum);
    }
  });
});

describe('contrast checks and the one-click fix', () => {
  it('finds nothing to fix in the default theme', () => {
    expect(contrastChecks(defaultTheme()).filter((c) => !c.passes)).toEqual([]);
  });

  it('flags a low-contrast choice colour with its ratio, and the fix makes it pass', () => {
    const theme = mergeTheme(defaultTheme(), { choice: { choiceColor: '#d8b4fe' } });
    const check = contrastChecks(theme).find((c) => c.id === 'choice-text')!;
    expect(check).toMatchObject({ part: 'choices', passes: false, required: 4.5 });
    expect(check.ratio).toBeCloseTo(contrastRatio('#d8b4fe', '#ffffff'), 5);
    const fixed = mergeTheme(theme, fixContrast(theme, check));
    expect(fixed.choice.choiceColor).not.toBe('#d8b4fe');
    expect(contrastChecks(fixed).find((c) => c.id === 'choice-text')!.passes).toBe(true);
  });

  it('checks every pair the theme defines, placeholder and large title included', () => {
    const ids = contrastChecks(defaultTheme()).map((c) => c.id);
    expect(ids).toEqual([
      'header-title',
      'date',
      'bot-text',
      'user-text',
      'choice-text',
      'selected-text',
      'input-text',
      'placeholder',
      'icons',
    ]);
    const big = mergeTheme(defaultTheme(), { header: { headerTitleFontSize: 28 } });
    expect(contrastChecks(big)[0].required).toBe(3);
  });

  it('fixes the placeholder by moving the input text colour', () => {
    const theme = mergeTheme(defaultTheme(), { input: { inputTextColor: '#6b7280' } });
    const check = contrastChecks(theme).find((c) => c.id === 'placeholder')!;
    expect(check.passes).toBe(false);
    const fixed = mergeTheme(theme, fixContrast(theme, check));
    expect(contrastChecks(fixed).every((c) => c.passes)).toBe(true);
  });
});

describe('derive from brand colour', () => {
  it('gives a palette that passes AA for 50 random brand colours, light and dark', () => {
    const random = seeded(42);
    for (let i = 0; i < 50; i++) {
      const brand = `#${hex(random())}${hex(random())}${hex(random())}`;
      const theme = deriveTheme(defaultTheme(), brand);
      const failing = contrastChecks(theme).filter((c) => !c.passes);
      expect(failing, `${brand}: ${failing.map((c) => `${c.id} ${c.ratio.toFixed(2)}`).join(', ')}`).toEqual(
        [],
      );
      expect(theme.header.headerBackground).toBe(brand);
      const dark = contrastChecks(darkTheme(theme)).filter((c) => !c.passes);
      expect(dark, `${brand} dark: ${dark.map((c) => c.id).join(', ')}`).toEqual([]);
    }
  });

  it('keeps texts, sizes and flags, and drops stale dark overrides', () => {
    const theme = mergeTheme(defaultTheme(), {
      header: { headerTitle: 'Shop', headerTitleFontSize: 22 },
      body: { rtl: true },
      dark: { bot: { botBackground: '#000000' } },
    });
    const derived = deriveTheme(theme, '#0e7490');
    expect(derived.header).toMatchObject({ headerTitle: 'Shop', headerTitleFontSize: 22 });
    expect(derived.body.rtl).toBe(true);
    expect(derived.dark).toBeUndefined();
  });

  it('chooses white, else near-black text on the brand colour', () => {
    expect(textOn('#6d28d9')).toBe('#ffffff');
    expect(textOn('#fde047')).toBe('#111827');
    const palette = derivePalette('#fde047');
    expect(palette.user.userColor).toBe('#111827');
  });
});

describe('dark variant', () => {
  it('is derived from the light theme and takes the author’s overrides', () => {
    const theme = mergeTheme(defaultTheme(), { dark: { bot: { botBackground: '#000000' } } });
    expect(derivedDarkTheme(theme).bot.botBackground).toBe('#1e293b');
    expect(darkTheme(theme).bot.botBackground).toBe('#000000');
    expect(darkTheme(theme).bot.botColor).toBe('#e2e8f0');
    expect(darkTheme(theme).dark).toBeUndefined();
  });

  it('merges whole dark and texts values', () => {
    const theme = mergeTheme(defaultTheme(), { texts: { fr: { headerTitle: 'Boutique' } } });
    expect(mergeTheme(theme, { header: { headerTitle: 'x' } }).texts).toEqual({
      fr: { headerTitle: 'Boutique' },
    });
    expect(mergeTheme(theme, { texts: {} }).texts).toBeUndefined();
    const sections: ThemeSections = theme;
    expect(sections.header.headerTitle).toBe('BotFlow');
  });
});

describe('per-language title and placeholder', () => {
  it('uses the conversation language’s texts, else the theme’s, else the bot name', async () => {
    const { chatTitle, chatPlaceholder } = await import('../../src/core/theme');
    const theme = mergeTheme(defaultTheme(), {
      header: { headerTitle: '' },
      texts: { fr: { headerTitle: 'Boutique', inputPlaceholderText: 'Écrivez ici' } },
    });
    expect(chatTitle(theme, 'Shop', 'fr')).toBe('Boutique');
    expect(chatTitle(theme, 'Shop', 'en')).toBe('Shop');
    expect(chatPlaceholder(theme, 'fr')).toBe('Écrivez ici');
    expect(chatPlaceholder(theme, 'en')).toBe('Type your chat here');
  });
});
