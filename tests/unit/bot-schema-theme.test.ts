import { describe, expect, it } from 'vitest';
import { checkThemePatch, defaultTheme, mergeTheme, themeSchema } from '../../src/core/theme';

describe('theme schema and defaults', () => {
  it('has the spec defaults and passes its own schema', () => {
    const theme = defaultTheme();
    expect(theme.header.headerTitle).toBe('BotFlow');
    expect(theme.header.headerTitleFontSize).toBe(18);
    expect(theme.body.chatFontSize).toBe(16);
    expect(theme.input.inputPlaceholderText).toBe('Type your chat here');
    expect(theme.header.headerBackground).toBe('#6d28d9');
    expect(themeSchema.safeParse(theme).success).toBe(true);
  });

  it('merges an edit section by section, keeping what it leaves out', () => {
    const merged = mergeTheme(defaultTheme(), { header: { headerTitle: 'Shop' }, body: { rtl: true } });
    expect(merged.header).toEqual({ ...defaultTheme().header, headerTitle: 'Shop' });
    expect(merged.body.rtl).toBe(true);
    expect(merged.input).toEqual(defaultTheme().input);
  });

  it('words a bad edit with the checker templates', () => {
    expect(checkThemePatch({ header: { headerColor: 'purple' } }).errors).toEqual([
      { field: 'header.headerColor', message: 'header.headerColor is invalid' },
    ]);
    expect(checkThemePatch({ body: { chatFontSize: '16' } }).errors[0].message).toBe(
      'body.chatFontSize must be a number',
    );
    expect(checkThemePatch({ user: 'blue' }).errors[0].message).toBe('user must be a object');
    expect(checkThemePatch({ choice: { choiceColor: '#AbC' }, extra: 1 }).valid).toBe(true);
  });
});
