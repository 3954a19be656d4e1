import { describe, expect, it } from 'vitest';
import {
  composite,
  contrastRatio,
  isLargeText,
  parseColor,
  readableOn,
  requiredRatio,
} from '../../src/core/theme/contrast';
import { darkTheme } from '../../src/core/theme/dark';
import { defaultTheme, mergeTheme } from '../../src/core/theme/defaults';
import type { Theme } from '../../src/core/theme/types';

// WCAG 2.1 contrast: the arithmetic behind the contrast end-to-end check and the widget's dark mode.
describe('parseColor', () => {
  it('reads hex in its four lengths', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#0008')).toEqual({ r: 0, g: 0, b: 0, a: 0x88 / 255 });
    expect(parseColor('#6D28D9')).toEqual({ r: 0x6d, g: 0x28, b: 0xd9, a: 1 });
    expect(parseColor('#11223380')?.a).toBeCloseTo(0.502, 3);
  });

  it('reads computed-style rgb() and rgba(), comma and space syntax', () => {
    expect(parseColor('rgb(17, 24, 39)')).toEqual({ r: 17, g: 24, b: 39, a: 1 });
    expect(parseColor('rgba(0, 0, 0, 0)')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(parseColor('rgb(255 255 255 / 0.15)')).toEqual({ r: 255, g: 255, b: 255, a: 0.15 });
    expect(parseColor('transparent')?.a).toBe(0);
    expect(parseColor('color(srgb 1 0 0.5)')).toEqual({ r: 255, g: 0, b: 127.5, a: 1 });
    expect(parseColor('color(srgb 0 0 0 / 0.25)')?.a).toBe(0.25);
  });

  it('refuses what is not a colour', () => {
    expect(parseColor('red')).toBeNull();
    expect(parseColor('#12')).toBeNull();
    expect(parseColor('rgb(1, 2)')).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6d28d9', '#6d28d9')).toBe(1);
  });

  it('matches published figures', () => {
    // #767676 is the lightest grey that passes 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    // The measurement: the default purple on the old dark choice background.
    expect(contrastRatio('#6d28d9', '#0f172a')).toBeCloseTo(2.5, 1);
  });

  it('composites a translucent foreground over the background first', () => {
    const halfBlack = 'rgba(0, 0, 0, 0.5)';
    const grey = composite(parseColor(halfBlack)!, parseColor('#ffffff')!);
    expect(contrastRatio(halfBlack, '#ffffff')).toBeCloseTo(contrastRatio(grey, '#ffffff'), 10);
    expect(contrastRatio('rgba(0, 0, 0, 0)', '#ffffff')).toBe(1);
  });

  it('throws on a text that is not a colour', () => {
    expect(() => contrastRatio('nope', '#fff')).toThrow('Not a colour: nope');
  });
});

describe('large text', () => {
  it('is 24 px, or 18.66 px bold, and needs 3:1 instead of 4.5:1', () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(19, 700)).toBe(true);
    expect(isLargeText(19, 600)).toBe(false);
    expect(isLargeText(18, 700)).toBe(false);
    expect(requiredRatio(16, 400)).toBe(4.5);
    expect(requiredRatio(24, 400)).toBe(3);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already passes', () => {
    expect(readableOn('#6d28d9', '#ffffff')).toBe('#6d28d9');
  });

  it('lightens a colour on a dark background just enough', () => {
    const fixed = readableOn('#6d28d9', '#0f172a');
    expect(contrastRatio(fixed, '#0f172a')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(fixed, '#0f172a')).toBeLessThan(5);
    // Still a purple: blue stays the strongest channel.
    const { r, g, b } = parseColor(fixed)!;
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
  });

  it('darkens a colour on a light background, to any minimum asked', () => {
    const fixed = readableOn('#c4b5fd', '#ffffff', 3);
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(fixed, '#ffffff')).toBeLessThan(3.3);
  });

  it('leaves texts it cannot read alone', () => {
    expect(readableOn('var(--x)', '#fff')).toBe('var(--x)');
  });
});

// The chat's default theme in both modes: every text colour on the background it is drawn on.
describe('the default chat theme', () => {
  const pairs = (t: Theme): [string, string, string, number][] => [
    ['title on header', t.header.headerColor, t.header.headerBackground, 4.5],
    ['bot text on bot bubble', t.bot.botColor, t.bot.botBackground, 4.5],
    ['date on bot bubble', t.body.dateColor, t.bot.botBackground, 4.5],
    ['date on the chat', t.body.dateColor, t.body.chatBackground, 4.5],
    ['guest text on guest bubble', t.user.userColor, t.user.userBackground, 4.5],
    ['choice on its background', t.choice.choiceColor, t.choice.choiceBackground, 4.5],
    ['choice on the chat', t.choice.choiceColor, t.body.chatBackground, 4.5],
    ['selected choice', t.choice.choiceSelectedColor, t.choice.choiceSelectedBackground, 4.5],
    ['input text', t.input.inputTextColor, t.input.inputBackground, 4.5],
    ['icons on the input bar', t.input.inputIconsColor, t.input.inputBarBackground, 3],
    ['file picker label', t.input.inputIconsColor, t.input.inputBackground, 4.5],
    ["the input's outline on the bar", t.input.inputBorderColor, t.input.inputBarBackground, 3],
  ];

  for (const [mode, theme] of [
    ['light', defaultTheme()],
    ['dark', darkTheme(defaultTheme())],
  ] as const) {
    it(`meets AA in ${mode} mode`, () => {
      const failing = pairs(theme)
        .map(([what, fg, bg, min]) => ({ what, ratio: contrastRatio(fg, bg), min }))
        .filter((p) => p.ratio < p.min);
      expect(failing).toEqual([]);
    });
  }

  it('dark mode keeps the brand colours and lightens only what sits on dark surfaces', () => {
    const light = defaultTheme();
    const dark = darkTheme(light);
    expect(dark.header).toEqual(light.header);
    expect(dark.user).toEqual(light.user);
    expect(dark.choice.choiceSelectedBackground).toBe(light.choice.choiceSelectedBackground);
    // The old dark choice: the brand purple on the dark background measured 2.5:1.
    expect(contrastRatio(light.choice.choiceColor, dark.choice.choiceBackground)).toBeLessThan(3);
    expect(dark.choice.choiceColor).not.toBe(light.choice.choiceColor);
  });

  it('keeps a light brand colour that already reads on the dark surfaces', () => {
    const theme = mergeTheme(defaultTheme(), { choice: { choiceColor: '#fbbf24' } });
    expect(darkTheme(theme).choice.choiceColor).toBe('#fbbf24');
  });
});
