// The performance measures of issue 20's tools, read by bench/editor-tools.ts (kept apart from the
// components so the bench imports names, not React or CSS).

/** One search keystroke: the search and the results list committed. */
export const SEARCH_MEASURE = 'botflow:search';
/**
 * A paste's main-thread work, from the clipboard text read (parse, free spot, ids and names, the
 * store change, the worker's patch message) to the board updated (detail: node count).
 */
export const PASTE_MEASURE = 'botflow:paste';
/** The same paste from the text read to the end of the frame that drew it (wall time). */
export const PASTE_DRAWN_MEASURE = 'botflow:paste-drawn';
/** Auto-layout: the worker's answer applied (detail: moves). */
export const LAYOUT_MEASURE = 'botflow:layout';
/** A published version's nodes received → its first frame drawn (as React Flow's first draw is timed). */
export const VERSION_OPEN_MEASURE = 'botflow:version-open';
/** Asking for a published version → its nodes received and checked against the contract. */
export const VERSION_FETCH_MEASURE = 'botflow:version-fetch';
