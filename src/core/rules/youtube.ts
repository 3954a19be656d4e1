// Spec 2 §5 and spec 3 §5: a video is a YouTube watch, short or embed link with an 11-character
// id. Scheme and `www.`/`m.` are optional, as people paste links both ways. The id must end where
// the link or the path segment ends, so a 12-character "id" is refused rather than cut short.
const YOUTUBE_LINK = new RegExp(
  '^(?:https?://)?(?:(?:www|m)\\.)?' +
    '(?:youtube\\.com/(?:watch\\?(?:[^\\s#]*&)?v=|shorts/|embed/)' +
    '|youtube-nocookie\\.com/embed/' +
    '|youtu\\.be/)' +
    '([A-Za-z0-9_-]{11})' +
    '(?:[?&#/]\\S*)?$',
  'i',
);

export const YOUTUBE_ID_LENGTH = 11;

/** The video id of a YouTube watch, short or embed link, or null for anything else. */
export function youtubeId(url: string): string | null {
  return YOUTUBE_LINK.exec(url.trim())?.[1] ?? null;
}

/**
 * The privacy-enhanced player (spec 3 §9: autoplay, muted, looped). A single video loops only
 * when it is also its own playlist.
 */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&loop=1&playlist=${id}`;
}
