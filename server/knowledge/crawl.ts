// A recursive link (issue 17 item 3): the same site crawled breadth-first from the link, depth 2
// at most and 50 pages at most, robots.txt honoured (robots-parser), the sitemap's pages queued
// when there is one. The report lists every page indexed and every page skipped with why.
import robotsParser from 'robots-parser';
import type { CrawlReport } from '../../src/core/api/knowledge.js';
import type { SourceSection } from '../../src/core/knowledge/index.js';
import type { HttpPort } from '../runtime/ports.js';
import { fetchPage, getText, USER_AGENT } from './web-page.js';

export const MAX_CRAWL_DEPTH = 2;
export const MAX_CRAWL_PAGES = 50;
/** The report keeps this many skipped pages (a site can link thousands). */
const MAX_SKIPPED_REPORTED = 100;

export interface CrawlResult {
  title: string;
  sections: SourceSection[];
  report: CrawlReport;
}

type Robots = { isAllowed(url: string, ua?: string): boolean | undefined; getSitemaps(): string[] };

async function readRobots(http: HttpPort, origin: string): Promise<Robots | null> {
  const url = `${origin}/robots.txt`;
  try {
    const response = await getText(http, url, 'text/plain');
    if (response.status !== 200) return null;
    return robotsParser(url, response.body) as Robots;
  } catch {
    return null;
  }
}

async function sitemapPages(http: HttpPort, sitemaps: string[]): Promise<string[]> {
  const pages: string[] = [];
  for (const sitemap of sitemaps.slice(0, 3)) {
    try {
      const response = await getText(http, sitemap, 'application/xml,text/xml');
      if (response.status !== 200) continue;
      for (const match of response.body.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) pages.push(match[1]);
    } catch {
      // No sitemap: the links alone lead the crawl.
    }
  }
  return pages;
}

const withoutHash = (text: string) => {
  const url = new URL(text);
  url.hash = '';
  return url.toString();
};

export async function crawlSite(http: HttpPort, start: string): Promise<CrawlResult> {
  const origin = new URL(start).origin;
  const robots = await readRobots(http, origin);
  const sitemaps = robots?.getSitemaps().length ? robots.getSitemaps() : [`${origin}/sitemap.xml`];
  const report: CrawlReport = { indexed: [], skipped: [] };
  const skip = (url: string, reason: string) => {
    if (report.skipped.length < MAX_SKIPPED_REPORTED) report.skipped.push({ url, reason });
  };
  const sections: SourceSection[] = [];
  const seen = new Set<string>([withoutHash(start)]);
  const queue: { url: string; depth: number }[] = [{ url: withoutHash(start), depth: 0 }];
  const enqueue = (url: string, depth: number) => {
    if (seen.has(url)) return;
    seen.add(url);
    if (new URL(url).origin !== origin) return;
    queue.push({ url, depth });
  };
  for (const page of await sitemapPages(http, sitemaps)) {
    try {
      enqueue(withoutHash(page), 1);
    } catch {
      // A malformed <loc>: left out.
    }
  }
  let title = '';
  while (queue.length) {
    const { url, depth } = queue.shift()!;
    if (report.indexed.length >= MAX_CRAWL_PAGES) {
      skip(url, `page limit reached (${MAX_CRAWL_PAGES})`);
      continue;
    }
    if (robots && robots.isAllowed(url, USER_AGENT) === false) {
      skip(url, 'disallowed by robots.txt');
      continue;
    }
    try {
      const page = await fetchPage(http, url);
      if (new URL(page.url).origin !== origin) {
        skip(url, `redirects off the site (${page.url})`);
        continue;
      }
      if (report.indexed.some((done) => done.url === page.url)) {
        skip(url, `the same page as ${page.url}`);
        continue;
      }
      if (depth === 0) title = page.title;
      report.indexed.push({ url: page.url, title: page.title });
      sections.push(page.section);
      if (depth < MAX_CRAWL_DEPTH) for (const link of page.links) enqueue(link, depth + 1);
    } catch (error) {
      skip(url, (error as Error).message);
    }
  }
  return { title, sections, report };
}
