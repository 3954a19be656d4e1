import { describe, expect, it } from 'vitest';
import { contrastChecks, defaultTheme } from '../../src/core/theme';
import { THEME_PARTS } from '../../src/features/theme/theme-parts';

// Issue 15 item 2: every field of spec 3 §3 Theme is reachable by clicking a part of the preview.
describe('the theme page parts', () => {
  it('reach every field of every theme section', () => {
    const reached = new Set<string>();
    for (const info of THEME_PARTS) {
      for (const field of info.fields) {
        if ('section' in field) reached.add(`${field.section}.${field.key}`);
        if (field.kind === 'avatar') reached.add('body.botAvatar').add('body.customAvatar');
      }
    }
    const theme = defaultTheme();
    const all = (['header', 'body', 'user', 'bot', 'choice', 'input'] as const).flatMap((section) =>
      Object.keys(theme[section]).map((key) => `${section}.${key}`),
    );
    expect(all.filter((field) => !reached.has(field))).toEqual([]);
    // The speech flags too.
    expect(THEME_PARTS.some((info) => info.fields.some((f) => f.kind === 'speech'))).toBe(true);
  });

  it('name the eight parts of the spec, and every contrast check belongs to one', () => {
    const parts = THEME_PARTS.map((info) => info.part).sort();
    expect(parts).toEqual(['bot', 'chat', 'choices', 'date', 'header', 'input', 'selected', 'user']);
    for (const check of contrastChecks(defaultTheme())) expect(parts).toContain(check.part);
  });
});
