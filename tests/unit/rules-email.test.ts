import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../src/core';

// Spec 1 §5: letters, digits and + _ . - before the @, then letters, digits, . or - after it.
describe('isValidEmail', () => {
  it.each([
    'ada@example.com',
    'Ada.Lovelace@Example.COM',
    'first+tag@mail.example.org',
    'under_score-dash.dot@sub-domain.example.co',
    '123@456',
    'a@b',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'ada.example.com'],
    ['nothing before @', '@example.com'],
    ['nothing after @', 'ada@'],
    ['two @', 'ada@home@example.com'],
    ['space inside', 'ada lovelace@example.com'],
    ['leading space', ' ada@example.com'],
    ['trailing space', 'ada@example.com '],
    ['+ after @', 'ada@exa+mple.com'],
    ['_ after @', 'ada@exa_mple.com'],
    ['other character before @', 'ada!@example.com'],
    ['quote before @', '"ada"@example.com'],
    ['non-ASCII letter', 'adä@example.com'],
  ])('rejects %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
