// The conversations search as an FTS5 query for SQLite's trigram index: one phrase, so the index
// returns the rows holding the text as a substring (case folded). The index holds runs of three
// characters, so a shorter search can't be looked up (null: the caller scans). The index only
// picks candidates; the caller's LIKE decides the match, so the folding rules needn't be the same.

/** The FTS5 query for a substring search, or null when it is under three characters. */
export function trigramPhrase(search: string): string | null {
  if (Array.from(search).length < 3) return null;
  return `"${search.replace(/"/g, '""')}"`;
}
