// Which item of an open menu a key moves focus to (WAI-ARIA menu pattern), apart from the menu.

/**
 * The index focus moves to for `key` pressed on item `current` of a menu listing `labels`, or null
 * when the key does not move focus: arrows wrap round, Home and End jump to the ends, and a
 * printable character goes to the next item whose label starts with it.
 */
export function menuKeyTarget(key: string, current: number, labels: readonly string[]): number | null {
  const count = labels.length;
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
  if (key.length !== 1 || key === ' ') return null;
  const letter = key.toLowerCase();
  for (let step = 1; step <= count; step++) {
    const index = (current + step) % count;
    if (labels[index].toLowerCase().startsWith(letter)) return index;
  }
  return null;
}
