import { describe, expect, it } from 'vitest';
import { newNode, type BasicNode, type FlowNode } from '../../src/core/flow';
import { autoLayout } from '../../src/core/flow/layout/auto-layout';
import { createFlowSearch } from '../../src/core/flow/search/search-index';
import { summaryText, versionSummary } from '../../src/core/flow/version-summary';
import { nodeTargets } from '../../src/core/flow/targets';
import { generateFlow } from '../e2e/flow-generate';
import { linkedFlow } from './flow-fixtures';

describe('version summary', () => {
  it('counts nodes added, removed, changed and moved', () => {
    const before = linkedFlow();
    const after = before.filter((n) => n.id !== 'c').map((n) => (n.id === 'a' ? { ...n, name: 'Hello' } : n));
    after[1] = { ...after[1], x: 999 };
    after.push(newNode('basic', 'z', 0, 0, 'New'));
    const summary = versionSummary(before, after);
    expect(summary).toEqual({ added: ['z'], removed: ['c'], changed: ['a'], moved: ['b'] });
    expect(summaryText(summary)).toBe('1 added, 1 removed, 1 changed, 1 moved');
    expect(summaryText(versionSummary(before, before))).toBe('No changes');
  });
});

describe('search', () => {
  const flow = (): FlowNode[] => {
    const basic = newNode('basic', 'b', 0, 0, 'Welcome') as BasicNode;
    basic.entries = [
      {
        type: 'content',
        content: { type: 'text', title: 'Hi', content: { en: 'Hello there', fr: 'Bonjour tout le monde' } },
      },
      { type: 'variable', name: 'first_name', default: '', variableType: 'text', wait: true },
    ];
    const api = newNode('api', 'a', 0, 0, 'Orders');
    api.api.url = 'https://shop.example/orders/${{id}}';
    return [basic, api];
  };

  it('finds titles, texts in every language, variable names and API URLs, with context', () => {
    const search = createFlowSearch();
    const nodes = flow();
    expect(search.search(nodes, 'welc').results[0]).toMatchObject({ id: 'b', field: 'title', match: 'Welc' });
    const french = search.search(nodes, 'tout').results[0];
    expect(french).toMatchObject({
      field: 'content',
      path: 'entries.0.content.content.fr',
      before: 'Bonjour ',
      after: ' le monde',
    });
    expect(search.search(nodes, 'first_na').results[0]).toMatchObject({ field: 'variable' });
    expect(search.search(nodes, 'shop.example').results[0]).toMatchObject({ id: 'a', field: 'url' });
    expect(search.search(nodes, 'nowhere')).toEqual({ results: [], total: 0 });
    expect(search.search(nodes, '  ')).toEqual({ results: [], total: 0 });
  });

  it('limits the list but counts every match', () => {
    const nodes = Array.from({ length: 30 }, (_, i) => newNode('basic', `n${i}`, 0, 0, `Step ${i}`));
    const answer = createFlowSearch().search(nodes, 'step', { limit: 5 });
    expect(answer.results).toHaveLength(5);
    expect(answer.total).toBe(30);
  });
});

describe('auto-layout', () => {
  it('lays linked nodes out left to right, keeping the top-left corner', () => {
    const a = newNode('basic', 'a', 500, 500, 'A');
    const b = newNode('basic', 'b', 0, 0, 'B');
    const c = newNode('basic', 'c', 100, 900, 'C');
    a.next[0].node = 'b';
    b.next[0].node = 'c';
    const moves = autoLayout([a, b, c]);
    const at = new Map<string, number>();
    for (const move of moves) if (move.type === 'move') at.set(move.id, move.x);
    const x = (id: string) => at.get(id) ?? [a, b, c].find((n) => n.id === id)!.x;
    expect(x('a')).toBeLessThan(x('b'));
    expect(x('b')).toBeLessThan(x('c'));
    expect(Math.min(x('a'), x('b'), x('c'))).toBe(0);
  });

  it('lays out only the selection', () => {
    const nodes = [
      newNode('basic', 'a', 0, 0, 'A'),
      newNode('basic', 'b', 0, 0, 'B'),
      newNode('basic', 'c', 7, 7, 'C'),
    ];
    const moves = autoLayout(nodes, ['a', 'b']);
    expect(moves.every((m) => m.type === 'move' && m.id !== 'c')).toBe(true);
  });

  it('lays a large part (own layer ordering) out in layers, every link going right, no overlap', () => {
    const nodes = generateFlow(400);
    const moved = new Map(nodes.map((n) => [n.id, { x: n.x, y: n.y }]));
    for (const move of autoLayout(nodes)) if (move.type === 'move') moved.set(move.id, move);
    for (const node of nodes) {
      for (const to of nodeTargets(node)) expect(moved.get(to)!.x).toBeGreaterThan(moved.get(node.id)!.x);
    }
    const spots = new Set([...moved.values()].map(({ x, y }) => `${x},${y}`));
    expect(spots.size).toBe(nodes.length);
    // Laid out in columns: far fewer distinct x than nodes.
    expect(new Set([...moved.values()].map(({ x }) => x)).size).toBeLessThan(nodes.length / 3);
  });
});
