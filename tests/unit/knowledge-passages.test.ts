import { describe, expect, it } from 'vitest';
import {
  cosine,
  foldText,
  isKnowledgeLink,
  isYoutubeLink,
  knowledgeFileType,
  normaliseTextTitle,
  PASSAGE_SIZE,
  queryTerms,
  reciprocalRankFusion,
  splitPassages,
  termCoverage,
} from '../../src/core/knowledge/index.js';

const sentence = (i: number) => `Sentence number ${i} says something about tea and its brewing.`;

describe('splitPassages', () => {
  it('keeps a short section whole, with its page, URL and heading', () => {
    expect(
      splitPassages([{ text: 'Short text.', page: 3, url: 'https://x.example/a', heading: 'Intro' }]),
    ).toEqual([{ text: 'Short text.', position: 0, page: 3, url: 'https://x.example/a', heading: 'Intro' }]);
  });

  it('cuts at headings first and keeps each heading with its passages', () => {
    const passages = splitPassages([{ text: '# Green\nGreen tea at 80.\n\n## Black\nBlack tea at 95.' }]);
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      ['Green', '# Green\nGreen tea at 80.'],
      ['Black', '## Black\nBlack tea at 95.'],
    ]);
  });

  it('packs long text into passages of at most the size, cut at sentences, overlapping', () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const passages = splitPassages([{ text }]);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(PASSAGE_SIZE);
    for (const p of passages.slice(1)) expect(p.text).toMatch(/^(?:\S+ )*Sentence number \d+/);
    // Overlap: each passage starts with words the one before ends with.
    const [a, b] = passages;
    expect(a.text).toContain(b.text.slice(0, 40));
    expect(passages.map((p) => p.position)).toEqual(passages.map((_, i) => i));
  });

  it('cuts paragraphs before sentences, and a word-less blob by characters', () => {
    const paragraphs = ['a'.repeat(500), 'b'.repeat(500)].join('\n\n');
    expect(splitPassages([{ text: paragraphs }], 800, 0).map((p) => p.text[0])).toEqual(['a', 'b']);
    const blob = splitPassages([{ text: 'x'.repeat(2000) }], 800, 0);
    expect(blob.map((p) => p.text.length)).toEqual([800, 800, 400]);
  });

  it('numbers passages across sections and skips empty ones', () => {
    const passages = splitPassages([
      { text: 'One.', page: 1 },
      { text: '  ', page: 2 },
      { text: 'Three.', page: 3 },
    ]);
    expect(passages.map((p) => [p.position, p.page])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });
});

describe('search terms', () => {
  it('folds accents and case, drops stop words and duplicates', () => {
    expect(foldText('Café ÉTÉ')).toBe('cafe ete');
    expect(queryTerms('How do I brew the Café tea, the tea?')).toEqual(['brew', 'cafe', 'tea']);
    expect(queryTerms('the')).toEqual(['the']);
  });

  it('measures how much of the question a passage holds', () => {
    const terms = queryTerms('installing the package');
    expect(termCoverage(terms, 'Install the package with npm.')).toBe(1);
    expect(termCoverage(terms, 'A package.')).toBe(0.5);
    expect(termCoverage(terms, 'Nothing here.')).toBe(0);
  });
});

describe('reciprocal rank fusion', () => {
  it('sums 1/(k+rank) over the rankings', () => {
    const fused = reciprocalRankFusion(
      [
        ['a', 'b', 'c'],
        ['c', 'a'],
      ],
      (x) => x,
      60,
    );
    expect(fused.map((f) => f.item)).toEqual(['a', 'c', 'b']);
    expect(fused[0].score).toBeCloseTo(1 / 61 + 1 / 62);
  });

  it('computes cosine similarity', () => {
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([1, 0]))).toBe(1);
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([0, 1]))).toBe(0);
    expect(cosine(Float32Array.from([0, 0]), Float32Array.from([0, 1]))).toBe(0);
  });
});

describe('add file / link / video rules (spec 3 §5)', () => {
  it('normalises plain-text titles to lowercase letters, digits, dash and underscore', () => {
    expect(normaliseTextTitle('  My Opening Hours (2024)! ')).toBe('my_opening_hours_2024');
    expect(normaliseTextTitle('été-plan')).toBe('t-plan');
  });

  it('accepts only PDF or TXT names', () => {
    expect(knowledgeFileType('Guide.PDF')).toBe('pdf');
    expect(knowledgeFileType('notes.txt')).toBe('txt');
    expect(knowledgeFileType('sheet.xlsx')).toBeNull();
  });

  it('accepts http, https and ftp addresses with a domain', () => {
    expect(isKnowledgeLink('https://docs.example.com/a?b=1')).toBe(true);
    expect(isKnowledgeLink('ftp://files.example.org/')).toBe(true);
    expect(isKnowledgeLink('http://tea.localhost:8080/')).toBe(true);
    expect(isKnowledgeLink('docs.example.com')).toBe(false);
    expect(isKnowledgeLink('http://intranet/')).toBe(false);
    expect(isKnowledgeLink('mailto:a@b.example')).toBe(false);
  });

  it('accepts YouTube watch, short and embed addresses with an 11-character id', () => {
    expect(isYoutubeLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
    expect(isYoutubeLink('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe(true);
    expect(isYoutubeLink('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(isYoutubeLink('https://www.youtube.com/watch?v=short')).toBe(false);
    expect(isYoutubeLink('https://vimeo.com/123')).toBe(false);
  });
});
