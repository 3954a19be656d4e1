// A YouTube video as knowledge: its title from oEmbed, its captions from the caption tracks the
// watch page lists (the timedtext XML), all fetched from YOUTUBE_BASE_URL through the outbound
// guard, so tests run against a local fake speaking the same wire format. A video without
// captions waits for the author to paste its transcript.
import type { SourceSection } from '../../src/core/knowledge/index.js';
import type { HttpPort } from '../runtime/ports.js';
import { ExtractionError } from './extract-file.js';
import { fetchFailure, getText } from './web-page.js';

export const NO_CAPTIONS = 'This video has no captions. Paste its transcript to index it.';

export class NoCaptionsError extends ExtractionError {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The canonical watch address at second `at`, for citations. */
export const watchUrl = (id: string, at?: number) =>
  `https://www.youtube.com/watch?v=${id}${at ? `&t=${Math.floor(at)}s` : ''}`;

async function get(http: HttpPort, url: string, accept: string) {
  try {
    return await getText(http, url, accept);
  } catch (error) {
    throw new ExtractionError(fetchFailure(error));
  }
}

export async function videoTitle(http: HttpPort, base: string, id: string): Promise<string> {
  const watch = encodeURIComponent(`https://www.youtube.com/watch?v=${id}`);
  const response = await get(http, `${base}/oembed?url=${watch}&format=json`, 'application/json');
  if (response.status === 404 || response.status === 400 || response.status === 401) {
    throw new ExtractionError('Video not found');
  }
  if (response.status !== 200) throw new ExtractionError(`YouTube answered ${response.status}`);
  try {
    return String((JSON.parse(response.body) as { title?: unknown }).title ?? '').trim() || id;
  } catch {
    throw new ExtractionError('YouTube answered something that is not oEmbed JSON');
  }
}

/** Transcript lines grouped into sections of about a minute, each linking to its moment. */
function sectionsOf(id: string, lines: { start: number; text: string }[]): SourceSection[] {
  const sections: SourceSection[] = [];
  let current: { start: number; parts: string[] } | null = null;
  for (const line of lines) {
    if (!current || line.start - current.start >= 60) {
      if (current) sections.push({ text: current.parts.join(' '), url: watchUrl(id, current.start) });
      current = { start: line.start, parts: [] };
    }
    current.parts.push(line.text);
  }
  if (current) sections.push({ text: current.parts.join(' '), url: watchUrl(id, current.start) });
  return sections;
}

export async function videoTranscript(
  http: HttpPort,
  base: string,
  id: string,
  language: string | null,
): Promise<SourceSection[]> {
  const page = await get(http, `${base}/watch?v=${id}`, 'text/html');
  if (page.status !== 200) throw new ExtractionError(`YouTube answered ${page.status}`);
  const tracksText = /"captionTracks":(\[.*?\])/.exec(page.body)?.[1];
  let tracks: { baseUrl: string; languageCode?: string }[] = [];
  try {
    tracks = tracksText ? (JSON.parse(tracksText) as typeof tracks) : [];
  } catch {
    tracks = [];
  }
  if (!tracks.length) throw new NoCaptionsError(NO_CAPTIONS);
  const track =
    tracks.find((t) => t.languageCode === language) ??
    tracks.find((t) => t.languageCode === 'en') ??
    tracks[0];
  const captionUrl = new URL(track.baseUrl, `${base}/`).toString();
  const xml = await get(http, captionUrl, 'text/xml');
  if (xml.status !== 200) throw new ExtractionError(`The captions answered ${xml.status}`);
  const lines = [...xml.body.matchAll(/<text[^>]*\bstart="([\d.]+)"[^>]*>([\s\S]*?)<\/text>/g)].map((m) => ({
    start: Number(m[1]),
    text: decodeEntities(decodeEntities(m[2]))
      .replace(/<[^>]+>/g, '')
      .trim(),
  }));
  if (!lines.some((l) => l.text)) throw new NoCaptionsError(NO_CAPTIONS);
  return sectionsOf(id, lines);
}

export function pastedTranscript(id: string, text: string): SourceSection[] {
  return [{ text, url: watchUrl(id) }];
}
