import { describe, expect, it } from 'vitest';
import { menuKeyTarget } from '../../src/features/flow/toolbar/menu-keys';

const LABELS = ['Basic', 'Choice', 'API', 'AI', 'Call'];

describe('menuKeyTarget', () => {
  it('moves with the arrows, wrapping at both ends', () => {
    expect(menuKeyTarget('ArrowDown', 0, LABELS)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 4, LABELS)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, LABELS)).toBe(4);
    expect(menuKeyTarget('ArrowUp', 3, LABELS)).toBe(2);
  });

  it('jumps to the ends with Home and End', () => {
    expect(menuKeyTarget('Home', 3, LABELS)).toBe(0);
    expect(menuKeyTarget('End', 1, LABELS)).toBe(4);
  });

  it('goes to the next item starting with a typed letter, round the list', () => {
    expect(menuKeyTarget('a', 0, LABELS)).toBe(2);
    expect(menuKeyTarget('A', 2, LABELS)).toBe(3);
    expect(menuKeyTarget('a', 3, LABELS)).toBe(2);
    expect(menuKeyTarget('c', 1, LABELS)).toBe(4);
    expect(menuKeyTarget('z', 1, LABELS)).toBeNull();
  });

  it('leaves other keys (Space, Enter, Shift) to the item', () => {
    for (const key of [' ', 'Enter', 'Shift', 'Tab']) expect(menuKeyTarget(key, 1, LABELS)).toBeNull();
  });
});
