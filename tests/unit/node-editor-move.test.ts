import { describe, expect, it } from 'vitest';
import {
  dropIndex,
  dropMove,
  moveBy,
  moveItem,
  moveWrapped,
} from '../../src/features/node-editor/logic/move';

const list = ['a', 'b', 'c', 'd'];

describe('reordering lists', () => {
  it('moves an item by one place, and not past the ends', () => {
    expect(moveBy(list, 1, -1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveBy(list, 1, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveBy(list, 0, -1)).toEqual(list);
    expect(moveBy(list, 3, 1)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('wraps around at the ends for carousel items (spec 2 §4)', () => {
    expect(moveWrapped(list, 0, -1)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveWrapped(list, 3, 1)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveWrapped(['only'], 0, 1)).toEqual(['only']);
  });

  it('moves an item to any place', () => {
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 0, 9)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 7, 0)).toEqual(list);
  });
});

describe('wizard drag and drop (spec 2 §4)', () => {
  it('adjusts the drop index when the dragged step was earlier', () => {
    expect(dropIndex(0, 3)).toBe(2);
    expect(dropIndex(1, 4)).toBe(3);
    expect(dropIndex(3, 0)).toBe(0);
    expect(dropIndex(2, 2)).toBe(2);
  });

  it('drops a step into the gap before a row, or after the last', () => {
    expect(dropMove(list, 0, 2)).toEqual(['b', 'a', 'c', 'd']);
    expect(dropMove(list, 0, 4)).toEqual(['b', 'c', 'd', 'a']);
    expect(dropMove(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(dropMove(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    // Dropping a step next to itself leaves the order as it was.
    expect(dropMove(list, 1, 1)).toEqual(list);
    expect(dropMove(list, 1, 2)).toEqual(list);
  });
});
