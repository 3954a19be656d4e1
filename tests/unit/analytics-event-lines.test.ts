import { describe, expect, it } from 'vitest';
import { splitEventLines } from '../../src/core/analytics/event-lines';

describe('splitEventLines', () => {
  it('reads each line as an id, a time and the text after the second comma', () => {
    const batch = ['7,1700000000000,["g",1,2]', '9,1700000000001,["a,b",3]', '10,1700000000002,'].join('\n');
    expect(splitEventLines(batch)).toEqual({
      ids: [7, 9, 10],
      rows: [
        { at: 1700000000000, text: '["g",1,2]' },
        { at: 1700000000001, text: '["a,b",3]' },
        { at: 1700000000002, text: '' },
      ],
    });
  });

  it('gives the events in id order whatever order the lines came in', () => {
    expect(splitEventLines('9,30,["c"]\n7,10,["a"]\n8,20,["b"]')).toEqual({
      ids: [7, 8, 9],
      rows: [
        { at: 10, text: '["a"]' },
        { at: 20, text: '["b"]' },
        { at: 30, text: '["c"]' },
      ],
    });
  });

  it('reads an empty batch as no events', () => {
    expect(splitEventLines('')).toEqual({ ids: [], rows: [] });
  });

  it('refuses a line without an id and a time', () => {
    expect(() => splitEventLines('7,["g"]')).toThrow(/Not an event line/);
    expect(() => splitEventLines('7,1,["g"]\n8')).toThrow(/Not an event line: 8/);
  });
});
