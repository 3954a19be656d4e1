// "Bot origins must be registered or the bot does not work" (spec 3 §2), with the bot's "Allow
// Widget on URL Subpaths" toggle (spec 1 §3). A registered origin is what an author typed in the bot
// dialog: an optional http(s) scheme, a host, an optional port and an optional path (query and hash
// are ignored). The same rules run in the loader, the chat app and the server.

export interface RegisteredOrigin {
  /** 'http:' or 'https:'; null when the author left the scheme out (then both are accepted). */
  scheme: 'http:' | 'https:' | null;
  /** Lower-case host name or IPv4 address. */
  host: string;
  /** The port digits, or '' for the scheme's default port. */
  port: string;
  /** The path without a trailing slash; '' for the site root. */
  path: string;
}

// Hosts are limited to letters, digits, dots and dashes: anything else could not come from the
// bot-origin rule and must never reach a Content-Security-Policy header.
const REGISTERED = /^(?:(https?):\/\/)?([a-z0-9.-]+)(?::(\d{1,5}))?(\/[^?#]*)?(?:[?#].*)?$/i;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function trimPath(path: string): string {
  return path.replace(/\/+$/, '');
}

/** Reads one registered origin; null when it is not a web address the widget could live on. */
export function parseRegisteredOrigin(text: string): RegisteredOrigin | null {
  const match = REGISTERED.exec(text.trim());
  if (!match || !match[2] || match[2].startsWith('.') || match[2].endsWith('.')) return null;
  const scheme = match[1] ? (`${match[1].toLowerCase()}:` as 'http:' | 'https:') : null;
  let port = match[3] ?? '';
  if (scheme && DEFAULT_PORTS[scheme] === port) port = '';
  return { scheme, host: match[2].toLowerCase(), port, path: trimPath(match[4] ?? '') };
}

interface PageAddress {
  scheme: string;
  host: string;
  port: string;
  path: string;
}

function parsePage(pageUrl: string): PageAddress | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // URL already drops a default port and lower-cases the host.
  return { scheme: url.protocol, host: url.hostname, port: url.port, path: trimPath(url.pathname) };
}

function portMatches(origin: RegisteredOrigin, page: PageAddress): boolean {
  // Without a scheme, "example.com:443" still means https's default port on an https page.
  const registered = origin.port === DEFAULT_PORTS[page.scheme] ? '' : origin.port;
  return registered === page.port;
}

function pathMatches(registered: string, page: string, allowSubpaths: boolean): boolean {
  if (registered === page) return true;
  if (!allowSubpaths) return false;
  return registered === '' || page.startsWith(`${registered}/`);
}

/** Whether the page at `pageUrl` may show the chat of a bot registered with `origin`. */
export function pageMatchesOrigin(
  pageUrl: string,
  origin: RegisteredOrigin,
  allowSubpaths: boolean,
): boolean {
  const page = parsePage(pageUrl);
  if (!page) return false;
  if (origin.scheme && origin.scheme !== page.scheme) return false;
  if (origin.host !== page.host || !portMatches(origin, page)) return false;
  return pathMatches(origin.path, page.path, allowSubpaths);
}

/** Whether the page at `pageUrl` is one of the bot's registered sites. */
export function isPageAllowed(pageUrl: string, origins: readonly string[], allowSubpaths: boolean): boolean {
  return origins.some((text) => {
    const origin = parseRegisteredOrigin(text);
    return origin !== null && pageMatchesOrigin(pageUrl, origin, allowSubpaths);
  });
}

/** The origin (scheme://host[:port]) of a page address, or null when it is not http(s). */
export function originOf(pageUrl: string): string | null {
  const page = parsePage(pageUrl);
  return page ? `${page.scheme}//${page.host}${page.port ? `:${page.port}` : ''}` : null;
}

/**
 * The `frame-ancestors` sources for the bot's origins. CSP compares an ancestor by its origin only
 * (a path in a frame-ancestors source would never match), so paths are left to the origin check
 * the chat calls go through; a scheme-less origin gives both its http and https forms.
 */
export function frameAncestorSources(origins: readonly string[]): string[] {
  const sources = new Set<string>();
  for (const text of origins) {
    const origin = parseRegisteredOrigin(text);
    if (!origin) continue;
    const authority = `${origin.host}${origin.port ? `:${origin.port}` : ''}`;
    for (const scheme of origin.scheme ? [origin.scheme] : ['http:', 'https:']) {
      sources.add(`${scheme}//${authority}`);
    }
  }
  return [...sources];
}
