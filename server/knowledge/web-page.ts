// One web page as knowledge: fetched through the same private-address guard as the api node
// (every redirect hop checked again), 10 s at most, 5 MB at most, HTML only; the main text taken
// by @mozilla/readability over linkedom, with its headings kept as "## " lines for the splitter.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { SourceSection } from '../../src/core/knowledge/index.js';
import { HttpError, type HttpPort } from '../runtime/ports.js';
import { ExtractionError } from './extract-file.js';

export const PAGE_TIMEOUT_MS = 10_000;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
export const USER_AGENT = 'BotFlow-Knowledge';

export interface FetchedPage {
  /** The address that answered (after redirects). */
  url: string;
  title: string;
  section: SourceSection;
  /** The page's links, absolute, without their #fragment. */
  links: string[];
}

/** What a failed fetch reads as in a Failed reason or a crawl report. */
export function fetchFailure(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.kind === 'blocked') return `Refused: ${error.message}`;
    if (error.kind === 'timeout') return 'The page did not answer within 10 s';
    if (error.kind === 'too-large') return 'The page is larger than 5 MB';
    return `The page could not be fetched (${error.message})`;
  }
  return (error as Error).message || 'The page could not be fetched';
}

export async function getText(http: HttpPort, url: string, accept: string) {
  return http.request({ method: 'GET', url, headers: { accept, 'user-agent': USER_AGENT } });
}

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,dt,dd,figcaption';

/** The article's text: headings as "## " lines, blocks as paragraphs. */
function articleText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks = [...document.querySelectorAll(BLOCKS)] as Element[];
  const picked = blocks.filter((el) => !el.parentElement?.closest(BLOCKS));
  if (!picked.length) return (document.body?.textContent ?? '').trim();
  return picked
    .map((el) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      return /^H[1-6]$/.test(el.tagName) ? `## ${text}` : text;
    })
    .filter(Boolean)
    .join('\n\n');
}

export function readPage(html: string, url: string): Omit<FetchedPage, 'url'> {
  const { document } = parseHTML(html);
  const links: string[] = [];
  for (const a of document.querySelectorAll('a[href]') as unknown as Element[]) {
    try {
      const target = new URL(a.getAttribute('href') ?? '', url);
      target.hash = '';
      if (target.protocol === 'http:' || target.protocol === 'https:') links.push(target.toString());
    } catch {
      // Not an address: skipped.
    }
  }
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim();
  // Readability changes the document it reads, so the links are taken first.
  const article = new Readability(document as unknown as Document).parse();
  const text = article?.content ? articleText(article.content) : (document.body?.textContent ?? '').trim();
  const title = (article?.title || pageTitle || url).trim();
  return { title, section: { text, url, heading: title }, links: [...new Set(links)] };
}

export async function fetchPage(http: HttpPort, url: string): Promise<FetchedPage> {
  let response;
  try {
    response = await getText(http, url, 'text/html,application/xhtml+xml;q=0.9');
  } catch (error) {
    throw new ExtractionError(fetchFailure(error));
  }
  if (response.status < 200 || response.status >= 300) {
    throw new ExtractionError(`The page answered ${response.status}`);
  }
  if (!/html/i.test(response.contentType)) {
    throw new ExtractionError(`Not an HTML page (${response.contentType || 'no content type'})`);
  }
  const finalUrl = response.url ?? url;
  const page = readPage(response.body, finalUrl);
  if (!page.section.text.trim()) throw new ExtractionError('The page has no text');
  return { url: finalUrl, ...page };
}
