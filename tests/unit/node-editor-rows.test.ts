import { describe, expect, it } from 'vitest';
import {
  addRow,
  blankFormRow,
  blankRow,
  deleteRow,
  updateRow,
} from '../../src/features/node-editor/logic/rows';

describe('api rows (spec 2 §4)', () => {
  const rows = [
    { name: 'Authorization', value: 'Bearer x' },
    { name: 'Accept', value: 'application/json' },
  ];

  it('deleting a row of several removes it', () => {
    expect(deleteRow(rows, 0, blankRow)).toEqual([{ name: 'Accept', value: 'application/json' }]);
    expect(deleteRow(rows, 1, blankRow)).toEqual([{ name: 'Authorization', value: 'Bearer x' }]);
  });

  it('deleting the last row empties it instead of removing it', () => {
    expect(deleteRow([rows[0]], 0, blankRow)).toEqual([{ name: '', value: '' }]);
    expect(deleteRow([{ name: 'file', value: '${{doc}}', type: 'file' as const }], 0, blankFormRow)).toEqual([
      { name: '', value: '', type: 'text' },
    ]);
  });

  it('adds a blank row at the end and updates one row without touching the others', () => {
    expect(addRow(rows, blankRow)).toEqual([...rows, { name: '', value: '' }]);
    const updated = updateRow(rows, 1, { value: 'text/html' });
    expect(updated).toEqual([rows[0], { name: 'Accept', value: 'text/html' }]);
    expect(updated[0]).toBe(rows[0]);
    expect(rows[1].value).toBe('application/json');
  });
});
