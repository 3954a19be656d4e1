// A batch of stored events read as one text (PostgreSQL's fold: analytics/fold.ts), one line per
// event row: `id,at,text`. Read as 2,000 row objects a second, the rows outlived the young
// generation's collections while the driver received them, and the collections copying them cost
// the server more than parsing them (docs/analytics-cost.md); one text is one allocation.
// An event's text is JSON.stringify's, which never holds a raw line break: the query sends a text
// that has one as empty (an unreadable event), so a row written by hand cannot split into two.

/** The ids of a batch's events, in id order, and each event's time and text. */
export interface EventLines {
  ids: number[];
  rows: { at: number; text: string }[];
}

/**
 * Splits a batch's text (`id,at,text` lines, '' for none) into its events, in id order. The
 * query aggregates its rows in the order its index scan reads them, which is id order, rather than
 * sorting them again (string_agg's own `order by`: half of the read's CPU in the backend); the
 * order is checked here, and restored if a plan ever gives another.
 */
export function splitEventLines(batch: string): EventLines {
  const lines: EventLines = { ids: [], rows: [] };
  let start = 0;
  while (start < batch.length) {
    let end = batch.indexOf('\n', start);
    if (end < 0) end = batch.length;
    const idEnd = batch.indexOf(',', start);
    const atEnd = batch.indexOf(',', idEnd + 1);
    if (idEnd < 0 || atEnd < 0 || atEnd > end)
      throw new Error(`Not an event line: ${batch.slice(start, end)}`);
    lines.ids.push(Number(batch.slice(start, idEnd)));
    lines.rows.push({ at: Number(batch.slice(idEnd + 1, atEnd)), text: batch.slice(atEnd + 1, end) });
    start = end + 1;
  }
  return inIdOrder(lines);
}

function inIdOrder(lines: EventLines): EventLines {
  const { ids, rows } = lines;
  if (ids.every((id, i) => i === 0 || ids[i - 1] < id)) return lines;
  const order = ids.map((_, i) => i).sort((a, b) => ids[a] - ids[b]);
  return { ids: order.map((i) => ids[i]), rows: order.map((i) => rows[i]) };
}
