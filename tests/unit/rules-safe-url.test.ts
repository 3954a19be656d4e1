import { describe, expect, it } from 'vitest';
import { isSafeStoredUrl } from '../../src/core/rules/safe-url';

describe('isSafeStoredUrl', () => {
  it('accepts web addresses, our own paths and nothing at all', () => {
    for (const url of [
      '',
      'https://example.com/a.png',
      'HTTP://example.com',
      '/api/content/image/1.png',
      'a.png',
    ]) {
      expect(isSafeStoredUrl(url), url).toBe(true);
    }
  });

  it('refuses script and other schemes however they are spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav\nascript:alert(1)',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x.png',
    ]) {
      expect(isSafeStoredUrl(url), JSON.stringify(url)).toBe(false);
    }
  });

  it('allows data: URLs only for raster images, and only where images are asked for', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(isSafeStoredUrl(png, { images: true })).toBe(true);
    expect(isSafeStoredUrl(png)).toBe(false);
    for (const url of [
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png,<script>',
      'data:,hello',
    ]) {
      expect(isSafeStoredUrl(url, { images: true }), url).toBe(false);
    }
  });
});
