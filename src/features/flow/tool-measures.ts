// The performance measures of issue 20's tools, read by bench/editor-tools.ts (kept apart from the
// components so the bench imports names, not React or CSS).

/** One search keystroke: the search and the results list committed. */
export const SEARCH_MEASURE = 'botflow:search';
/** A paste's main-thread work (clipboard text read to the board updated; detail: node count). */
export const PASTE_MEASURE = 'botflow:paste';
/** Auto-layout: the worker's answer applied (detail: moves). */
export const LAYOUT_MEASURE = 'botflow:layout';
/** A published version's nodes received → its first frame drawn (as React Flow's first draw is timed). */
export const VERSION_OPEN_MEASURE = 'botflow:version-open';
/** Asking for a published version → its nodes received and checked against the contract. */
export const VERSION_FETCH_MEASURE = 'botflow:version-fetch';
