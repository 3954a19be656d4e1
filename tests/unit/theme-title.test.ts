import { describe, expect, it } from 'vitest';
import { chatTitle, defaultTheme, mergeTheme } from '../../src/core/theme/defaults';

// Issue 13 item 9: the chat header shows the theme's title, else the bot's name.
describe('chatTitle', () => {
  it("is the default theme's 'BotFlow' for a new bot (spec 3 §3)", () => {
    expect(chatTitle(defaultTheme(), 'Shop helper')).toBe('BotFlow');
  });

  it('is the title the owner set', () => {
    expect(chatTitle(mergeTheme(defaultTheme(), { header: { headerTitle: ' Acme help ' } }), 'Shop')).toBe(
      'Acme help',
    );
  });

  it("is the bot's name when the theme's title is empty or blank", () => {
    for (const headerTitle of ['', '   ']) {
      const theme = mergeTheme(defaultTheme(), { header: { headerTitle } });
      expect(chatTitle(theme, 'Shop helper')).toBe('Shop helper');
      expect(chatTitle(theme, '  ')).toBe('BotFlow');
      expect(chatTitle(theme, undefined)).toBe('BotFlow');
    }
  });
});
