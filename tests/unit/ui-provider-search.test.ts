import { describe, expect, it } from 'vitest';
import { matchesProviderSearch } from '../../src/features/auth/provider-search';
import { parseProviderConfig } from '../../src/api/auth';

describe('provider search', () => {
  it('ignores spaces and case on both sides', () => {
    expect(matchesProviderSearch('Acme Voice Cloud', 'acmevoice')).toBe(true);
    expect(matchesProviderSearch('AcmeVoice', 'ACME  voice')).toBe(true);
    expect(matchesProviderSearch('Acme Voice Cloud', '')).toBe(true);
  });

  it('hides names that do not contain the text', () => {
    expect(matchesProviderSearch('Acme Voice Cloud', 'northwind')).toBe(false);
    expect(matchesProviderSearch('Acme', 'acmee')).toBe(false);
  });
});

describe('provider config', () => {
  it('parses the JSON text and reads a broken or non-object one as empty', () => {
    expect(parseProviderConfig('{"endpoint":"https://x.test","profile_id":"p1"}')).toEqual({
      endpoint: 'https://x.test',
      profile_id: 'p1',
    });
    expect(parseProviderConfig('not json')).toEqual({});
    expect(parseProviderConfig('42')).toEqual({});
  });
});
