import { describe, expect, it } from 'vitest';
import {
  frameAncestorSources,
  isPageAllowed,
  originOf,
  parseRegisteredOrigin,
} from '../../src/core/widget/origin';

// Spec 3 §2 "Bot origins must be registered", with spec 1's "Allow Widget on URL Subpaths".
describe('parseRegisteredOrigin', () => {
  it('reads scheme, host, port and path, dropping query, hash and a trailing slash', () => {
    expect(parseRegisteredOrigin('HTTPS://Shop.Example.com:8443/Store/?a=1#x')).toEqual({
      scheme: 'https:',
      host: 'shop.example.com',
      port: '8443',
      path: '/Store',
    });
  });

  it('keeps a missing scheme as null and treats the default port as none', () => {
    expect(parseRegisteredOrigin('example.com')).toEqual({
      scheme: null,
      host: 'example.com',
      port: '',
      path: '',
    });
    expect(parseRegisteredOrigin('https://example.com:443/')?.port).toBe('');
  });

  it.each(['', 'ftp://example.com', 'https://exa mple.com', 'https://ex;ample.com', 'https://.com'])(
    'refuses %j',
    (text) => {
      expect(parseRegisteredOrigin(text)).toBeNull();
    },
  );
});

describe('isPageAllowed with subpaths allowed', () => {
  const origins = ['https://example.com', 'localhost:5173', 'http://127.0.0.1:9000/docs'];

  it.each([
    ['the registered page', 'https://example.com/'],
    ['any path below the site root', 'https://example.com/shop/cart?x=1#top'],
    ['a scheme-less origin over http', 'http://localhost:5173/page'],
    ['a scheme-less origin over https', 'https://localhost:5173/'],
    ['a path origin itself', 'http://127.0.0.1:9000/docs'],
    ['a page below a path origin', 'http://127.0.0.1:9000/docs/intro/start.html'],
    ['an explicit default port', 'https://example.com:443/a'],
    ['an upper-case host', 'https://EXAMPLE.com/a'],
  ])('allows %s', (_label, page) => {
    expect(isPageAllowed(page, origins, true)).toBe(true);
  });

  it.each([
    ['another scheme', 'http://example.com/'],
    ['a sub-domain', 'https://www.example.com/'],
    ['a look-alike domain', 'https://example.com.evil.io/'],
    ['another port', 'https://example.com:8443/'],
    ['a scheme-less origin on another port', 'http://localhost:5174/'],
    ['a path that only starts like the origin path', 'http://127.0.0.1:9000/docsearch'],
    ['a path outside the origin path', 'http://127.0.0.1:9000/'],
    ['a file page', 'file:///home/a/index.html'],
    ['no address at all', 'not a url'],
  ])('refuses %s', (_label, page) => {
    expect(isPageAllowed(page, origins, true)).toBe(false);
  });
});

describe('isPageAllowed with subpaths not allowed', () => {
  const origins = ['https://example.com', 'https://example.com/shop/'];

  it('allows only the registered pages themselves', () => {
    expect(isPageAllowed('https://example.com', origins, false)).toBe(true);
    expect(isPageAllowed('https://example.com/?utm=1', origins, false)).toBe(true);
    expect(isPageAllowed('https://example.com/shop', origins, false)).toBe(true);
    expect(isPageAllowed('https://example.com/shop/', origins, false)).toBe(true);
  });

  it('refuses pages below them', () => {
    expect(isPageAllowed('https://example.com/about', origins, false)).toBe(false);
    expect(isPageAllowed('https://example.com/shop/cart', origins, false)).toBe(false);
  });

  it('refuses everything when no origin is registered', () => {
    expect(isPageAllowed('https://example.com/', [], true)).toBe(false);
  });
});

describe('originOf', () => {
  it('answers scheme, host and a non-default port', () => {
    expect(originOf('http://localhost:8195/a/b?c')).toBe('http://localhost:8195');
    expect(originOf('https://Example.com:443/')).toBe('https://example.com');
    expect(originOf('javascript:alert(1)')).toBeNull();
  });
});

describe('frameAncestorSources', () => {
  it('lists origins only, both schemes for a scheme-less one, without duplicates', () => {
    expect(
      frameAncestorSources([
        'https://example.com/shop',
        'https://example.com',
        'localhost:5173',
        'bad origin; script-src *',
      ]),
    ).toEqual(['https://example.com', 'http://localhost:5173', 'https://localhost:5173']);
  });
});
