import { describe, expect, it } from 'vitest';
import { duplicateName, normalizeTemplateName, normalizeVariableName } from '../../src/core';

// Spec 2 §5: spaces become underscores, other characters are removed, a leading digit gets `_`.
describe('normalizeVariableName', () => {
  it.each([
    ['user name', 'user_name'],
    ['first  name', 'first__name'],
    [' padded ', '_padded_'],
    ['e-mail!', 'email'],
    ['price ($)', 'price_'],
    ['1st choice', '_1st_choice'],
    ['42', '_42'],
    ['#1 fan', '_1_fan'],
    ['already_ok_99', 'already_ok_99'],
    ['USER_LAST_INPUT', 'USER_LAST_INPUT'],
    ['café crème', 'caf_crme'],
    ['tab\there', 'tabhere'],
    ['${{name}}', 'name'],
    ['', ''],
    ['!!!', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(normalizeVariableName(input)).toBe(expected);
  });

  it('is stable: a normalised name stays the same', () => {
    for (const input of ['user name', '1st choice', 'e-mail!']) {
      const once = normalizeVariableName(input);
      expect(normalizeVariableName(once)).toBe(once);
    }
  });
});

// Spec 2 §4: white space becomes an underscore, other characters are removed, leading digit `_`.
describe('normalizeTemplateName', () => {
  it.each([
    ['sales flow', 'sales_flow'],
    ['sales   flow', 'sales_flow'],
    ['sales\tflow\nv2', 'sales_flow_v2'],
    ['check-out (new)!', 'checkout_new'],
    ['2024 promo', '_2024_promo'],
    ['9', '_9'],
    ['main', 'main'],
    ['Ünïcode', 'ncode'],
    ['', ''],
    ['***', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(normalizeTemplateName(input)).toBe(expected);
  });
});

// Spec 2 §4: the name gets '-copy', then '-copy_N' when taken.
describe('duplicateName', () => {
  it('adds -copy when that name is free', () => {
    expect(duplicateName('Welcome', ['Welcome', 'Goodbye'])).toBe('Welcome-copy');
  });

  it('numbers from 1 when -copy is taken', () => {
    expect(duplicateName('Welcome', ['Welcome', 'Welcome-copy'])).toBe('Welcome-copy_1');
  });

  it('takes the first free number', () => {
    const taken = ['Welcome', 'Welcome-copy', 'Welcome-copy_1', 'Welcome-copy_2', 'Welcome-copy_4'];
    expect(duplicateName('Welcome', taken)).toBe('Welcome-copy_3');
  });

  it('builds the sequence one duplicate after another', () => {
    const names = ['Ask'];
    for (let i = 0; i < 4; i++) names.push(duplicateName('Ask', names));
    expect(names).toEqual(['Ask', 'Ask-copy', 'Ask-copy_1', 'Ask-copy_2', 'Ask-copy_3']);
  });

  it('copies a copy by adding another suffix', () => {
    expect(duplicateName('Ask-copy', ['Ask', 'Ask-copy'])).toBe('Ask-copy-copy');
  });

  it('compares names exactly, case included', () => {
    expect(duplicateName('Ask', ['ask-copy'])).toBe('Ask-copy');
  });

  it('accepts any iterable of taken names', () => {
    expect(duplicateName('Ask', new Set(['Ask-copy']))).toBe('Ask-copy_1');
  });

  it('works with no taken names', () => {
    expect(duplicateName('Ask', [])).toBe('Ask-copy');
  });
});
