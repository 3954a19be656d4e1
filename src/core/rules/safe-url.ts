// Addresses stored in a bot and later put in a page (an image's src, a link, the avatar): only
// web addresses and our own upload paths. A `javascript:` URL stored as an image link or avatar
// would run in whoever's page renders it as a link; a `data:` URL is only ever an image.

/** Image data inlined as a data: URL: raster types only (an SVG can carry script). */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/**
 * True for '' (no address), a path on this server ('/…', not '//…'), an http(s) URL, and — when
 * `images` — a raster-image data: URL. False for every other scheme (javascript:, vbscript:,
 * file:, data: of anything else), however it is spelled (case, spaces, control characters).
 */
export function isSafeStoredUrl(text: string, options: { images?: boolean } = {}): boolean {
  // Browsers drop leading spaces and control characters, and tabs and newlines anywhere.
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  if (cleaned === '') return true;
  if (cleaned.startsWith('/') && !cleaned.startsWith('//') && !cleaned.startsWith('/\\')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return true;
  if (scheme === 'data') return Boolean(options.images) && DATA_IMAGE.test(cleaned);
  // No scheme at all: a relative reference ("images/a.png"), harmless wherever it is resolved.
  return scheme === undefined && !cleaned.startsWith('//');
}

export const UNSAFE_URL_MESSAGE = 'Only http and https addresses are allowed';
