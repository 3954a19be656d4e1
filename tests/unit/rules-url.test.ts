import { describe, expect, it } from 'vitest';
import { isValidUrl } from '../../src/core';

// Spec 1 §5, the rule every bot origin must pass.
describe('isValidUrl (bot origins)', () => {
  it.each([
    ['bare host', 'example.com'],
    ['http', 'http://example.com'],
    ['https', 'https://example.com'],
    ['sub-domains and dashes', 'https://my-shop.eu.example.co.uk'],
    ['two-letter TLD', 'site.io'],
    ['long TLD', 'https://brand.technology'],
    ['localhost', 'localhost'],
    ['localhost with port', 'http://localhost:5173'],
    ['IPv4', '192.168.1.20'],
    ['IPv4 with scheme and port', 'http://127.0.0.1:8080'],
    ['IPv4 with the highest octets', 'https://255.255.249.0'],
    ['IPv4 with one-digit octets', 'http://0.0.0.0'],
    ['port', 'https://example.com:8443'],
    ['highest port', 'example.com:65535'],
    ['path', 'https://example.com/shop/cart'],
    ['trailing slash', 'https://example.com/'],
    ['query', 'https://example.com/search?q=bots&page=2'],
    ['query without path', 'https://example.com?ref=mail'],
    ['hash', 'https://example.com/docs#install'],
    ['port, path, query and hash', 'http://localhost:3000/a/b?c=d#e'],
    ['upper case', 'HTTPS://WWW.EXAMPLE.COM/PATH'],
    ['mixed case scheme', 'HtTp://Example.Com'],
  ])('accepts %s', (_label, url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['ftp scheme', 'ftp://example.com'],
    ['other scheme', 'ws://example.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['no TLD', 'https://intranet'],
    ['one-letter TLD', 'example.c'],
    ['numeric TLD', 'example.123'],
    ['space in host', 'exa mple.com'],
    ['space in path', 'https://example.com/a b'],
    ['leading space', ' https://example.com'],
    ['trailing space', 'https://example.com '],
    ['missing host', 'https://'],
    ['broken scheme separator', 'https:/example.com'],
    ['IPv4 octet over 255', 'http://256.1.1.1'],
    ['three-part IP', '10.0.1'],
    ['port zero', 'example.com:0'],
    ['port over 65535', 'example.com:65536'],
    ['non-numeric port', 'example.com:http'],
    ['empty port', 'example.com:/'],
    ['label starting with a dash', 'https://-shop.example.com'],
    ['empty label', 'https://shop..example.com'],
    ['user info', 'https://user:pass@example.com'],
    ['underscore in host', 'https://my_shop.com'],
  ])('rejects %s', (_label, url) => {
    expect(isValidUrl(url)).toBe(false);
  });
});
