// The page reader behind POST /api/linkpreview, on the malformed markup real pages have.
import { describe, expect, it } from 'vitest';
import { readPageMeta } from '../../server/routes/linkpreview/page-meta.js';

const PAGE_URL = 'https://shop.example.com/products/hat';
const read = (html: string) => readPageMeta(html, PAGE_URL);

describe('readPageMeta', () => {
  it('prefers og: tags, then twitter: tags, then <title> and description', () => {
    expect(
      read(`<head><title>T</title><meta name="twitter:title" content="Tw"><meta name="description" content="D">
        <meta name="twitter:image" content="//cdn.example.com/i.png"></head>`),
    ).toEqual({
      title: 'Tw',
      description: 'D',
      image: 'https://cdn.example.com/i.png',
      site_name: 'shop.example.com',
    });
  });

  it('reads upper-case tags, unquoted and valueless attributes, and stray "<"', () => {
    const meta = read(
      `<HEAD>a < b <TITLE>Hat</TITLE><META itemprop PROPERTY=og:description CONTENT=Warm /></HEAD>`,
    );
    expect(meta.title).toBe('Hat');
    expect(meta.description).toBe('Warm');
  });

  it('ignores tags in comments, scripts and the body', () => {
    const meta = read(`<head><!-- <meta property="og:title" content="A"> -->
      <style>/* <meta property="og:title" content="B"> */</style>
      <script><meta property="og:title" content="C"></script></head>
      <body><meta property="og:title" content="D"></body>`);
    expect(meta.title).toBeNull();
  });

  it('survives unterminated comments, tags and titles', () => {
    expect(read('<head><!-- never closed <meta property="og:title" content="X">').title).toBeNull();
    expect(read('<head><title>Open ended').title).toBe('Open ended');
    expect(read('<head><meta property="og:title" content="Cut').title).toBe('Cut');
  });

  it('keeps only http(s) images and cuts long texts', () => {
    const meta = read(
      `<meta property="og:image" content="javascript:alert(1)"><meta property="og:title" content="${'x'.repeat(1000)}">`,
    );
    expect(meta.image).toBeNull();
    expect(meta.title).toHaveLength(300);
  });

  it('decodes named and numeric entities and leaves unknown ones', () => {
    expect(read('<title>Tom &amp; Jerry &#x1F600; &#39;hi&#39; &bogus;</title>').title).toBe(
      "Tom & Jerry 😀 'hi' &bogus;",
    );
  });
});
