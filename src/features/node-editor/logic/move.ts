// Reordering helpers shared by the entry, choice, wizard-step and carousel lists. Each answers a
// new array (the node draft is immutable) and leaves the input untouched.

/** `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  if (from < 0 || from >= list.length) return next;
  const target = Math.max(0, Math.min(list.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** Up (-1) or down (+1) by one place; at either end nothing moves. */
export function moveBy<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return list.slice();
  return moveItem(list, index, to);
}

/** Spec 2 §4: carousel reordering wraps around — the first moved up becomes the last, and back. */
export function moveWrapped<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  if (list.length < 2) return list.slice();
  const to = (index + delta + list.length) % list.length;
  return moveItem(list, index, to);
}

/**
 * Spec 2 §4 wizard drag and drop: the step dragged from `source` is dropped into the gap before
 * row `gap` (0 … length; length is after the last row). Removing the source first shifts every
 * later row up by one, so the index is adjusted when the source was earlier than the gap.
 */
export function dropIndex(source: number, gap: number): number {
  return source < gap ? gap - 1 : gap;
}

/** The list after a drag from `source` into `gap` (see dropIndex). */
export function dropMove<T>(list: readonly T[], source: number, gap: number): T[] {
  return moveItem(list, source, dropIndex(source, gap));
}
