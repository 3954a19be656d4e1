import { describe, expect, it } from 'vitest';
import { groupByNode } from '../../src/features/flow/problems/group-problems';
import { initialFlowState, selectProblemTotal } from '../../src/features/flow/store/flow-store';

describe('groupByNode', () => {
  it('gives each node one entry, in list order, with its messages (repeats said once)', () => {
    const problem = (node_id: string, node_name: string, field: string, message: string) => ({
      node_id,
      node_name,
      field,
      message,
    });
    expect(
      groupByNode([
        problem('b', 'Fetch order', 'api.url', 'Endpoint is required'),
        problem('a', 'Greeting', 'entries.0.content.title', 'Title is required'),
        problem('b', 'Fetch order', 'store.name', 'Store name is required when the result is not shown'),
        problem('a', 'Greeting', 'entries.1.content.title', 'Title is required'),
      ]),
    ).toEqual([
      {
        nodeId: 'b',
        title: 'Fetch order',
        messages: ['Endpoint is required', 'Store name is required when the result is not shown'],
      },
      { nodeId: 'a', title: 'Greeting', messages: ['Title is required'] },
    ]);
  });
});

describe('selectProblemTotal', () => {
  it('adds up every node count, and is 0 for a flow without marks', () => {
    const state = initialFlowState();
    expect(selectProblemTotal(state)).toBe(0);
    expect(selectProblemTotal({ ...state, problems: { a: 2, b: 1 } })).toBe(3);
    expect(selectProblemTotal({ ...state, problems: { c: 1 } })).toBe(1);
  });
});
