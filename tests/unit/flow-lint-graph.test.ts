import { describe, expect, it } from 'vitest';
import { newNode, newVariableEntry, type FlowNode, type NodeType } from '../../src/core/flow';
import { createFlowLint, type LintOptions, type LintRuleId } from '../../src/core/lint';
import { canEndHere, meantToEnd } from '../../src/core/lint/endings';

// The graph rules of the lint panel (issue 20 §5): "dead end" by what each node type does, and
// "loop with no exit" by strongly connected components (src/core/lint/flow-structure.ts).

const rules = (nodes: FlowNode[], rule: LintRuleId, options: LintOptions = {}) =>
  createFlowLint()
    .lint(nodes, new Map(), options)
    .filter((issue) => issue.rule === rule);

/** A node of `type` whose first normal slot leads to `to`. */
function node(type: NodeType, id: string, to: string | null = null): FlowNode {
  const made = newNode(type, id, 0, 0, id);
  made.next[0].node = to;
  return made;
}

/** start → the node under test. */
const after = (tested: FlowNode) => [node('basic', 'start', tested.id), tested];

describe('dead end: no normal branch linked, on a node not meant to end a chat', () => {
  it('triggers on a form, a location request, a language switch, an unused fetch or hidden answer', () => {
    const ask = node('basic', 'ask');
    if (ask.type === 'basic') ask.entries = [{ ...newVariableEntry('email'), wait: true }];
    const hidden = node('ai', 'hidden');
    if (hidden.type === 'ai') hidden.hideAIResponse = true;
    const fetch = node('api', 'fetch');
    if (fetch.type === 'api') fetch.showResult = false;
    fetch.next[1].node = 'start'; // a failure path is not a way on
    for (const tested of [
      node('wizard', 'form'),
      node('device-permission', 'where'),
      node('language-changer', 'lang'),
      ask,
      hidden,
      fetch,
    ]) {
      expect(
        rules(after(tested), 'dead-end').map((i) => i.nodeId),
        tested.type,
      ).toEqual([tested.id]);
    }
    expect(rules(after(node('wizard', 'form')), 'dead-end')[0].message).toBe(
      '"form" collects a form, then leads nowhere: the chat ends there',
    );
  });

  it('does not trigger on a last message, a shown result or answer, a call, a notification', () => {
    const fetch = node('api', 'fetch');
    if (fetch.type === 'api') fetch.showResult = true;
    for (const tested of [
      node('basic', 'bye'),
      fetch,
      node('ai', 'answer'),
      node('call', 'call'),
      node('realtime-ai', 'voice'),
      node('notification', 'remind'),
      node('flow-template', 'tpl'),
      node('choice', 'menu'),
    ]) {
      expect(meantToEnd(tested), tested.type).toBe(true);
      expect(rules(after(tested), 'dead-end'), tested.type).toEqual([]);
    }
  });

  it('does not trigger once linked, nor in a flow template (its ends go back to the caller)', () => {
    expect(rules([node('basic', 'start', 'form'), node('wizard', 'form', 'start')], 'dead-end')).toEqual([]);
    expect(rules(after(node('wizard', 'form')), 'dead-end', { template: true })).toEqual([]);
  });
});

describe('loop with no exit: a cycle no member leaves and none can end the chat in', () => {
  it('triggers on a loop that never waits, entered from the start', () => {
    // start → a → b → a
    const nodes = [node('basic', 'start', 'a'), node('basic', 'a', 'b'), node('language-changer', 'b', 'a')];
    const [issue] = rules(nodes, 'loop-without-exit');
    expect(issue.nodeId).toBe('a');
    expect(issue.message).toBe(
      'Loop of 2 nodes ("a", "b") has no way out: it never waits for the guest, so each turn runs until the chat is stopped',
    );
  });

  it('triggers on a menu every option of which comes back (the guest can only go round)', () => {
    const menu = node('choice', 'menu');
    menu.next = [
      { id: 1, node: 'info', option: { en: { name: 'Info' } } },
      { id: 0, node: null }, // no match: asks again, not a way out
    ];
    const [issue] = rules([menu, node('basic', 'info', 'menu')], 'loop-without-exit');
    expect(issue.message).toContain('the guest can only go round it');
  });

  it('triggers on a node linked to itself', () => {
    expect(rules([node('dynamic', 'spin', 'spin')], 'loop-without-exit')).toHaveLength(1);
  });

  it('does not trigger when a member links out, can end, or has an option that ends', () => {
    // Links out: b → out.
    const b = node('basic', 'b', 'a');
    b.next = [{ id: 2, node: 'out', condition: { en: 'done == true' } }, ...b.next];
    expect(rules([node('basic', 'a', 'b'), b, node('basic', 'out')], 'loop-without-exit')).toEqual([]);
    // Can end: the default branch of b unlinked, the loop kept by a condition.
    const ends = node('basic', 'b', null);
    ends.next = [{ id: 2, node: 'a', condition: { en: 'again == true' } }, ...ends.next];
    expect(canEndHere(ends)).toBe(true);
    expect(rules([node('basic', 'a', 'b'), ends], 'loop-without-exit')).toEqual([]);
    // An option that ends the chat.
    const menu = node('choice', 'menu');
    menu.next = [
      { id: 1, node: 'info', option: { en: { name: 'Info' } } },
      { id: 2, node: null, option: { en: { name: 'Bye' } } },
      { id: 0, node: 'menu' },
    ];
    expect(rules([menu, node('basic', 'info', 'menu')], 'loop-without-exit')).toEqual([]);
  });

  it('a failure path leaving the loop is a way out; a missing one is not', () => {
    const fetch = node('api', 'fetch', 'a');
    const nodes = () => [node('basic', 'a', 'fetch'), fetch, node('basic', 'sorry')];
    expect(rules(nodes(), 'loop-without-exit')).toHaveLength(1);
    fetch.next[1].node = 'sorry';
    expect(rules(nodes(), 'loop-without-exit')).toEqual([]);
  });

  it('finds a 10,000-node loop without recursion (Tarjan with an explicit stack)', () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) => node('basic', `n${i}`, `n${(i + 1) % 10_000}`));
    const [issue] = rules(nodes, 'loop-without-exit');
    expect(issue.message).toMatch(/^Loop of 10000 nodes \("n0", "n1", "n2", …\)/);
  });
});

describe('incremental lint', () => {
  it('a moved node keeps its facts; a changed link is seen at once', () => {
    const flowLint = createFlowLint();
    const form = node('wizard', 'form');
    const nodes = [node('basic', 'start', 'form'), form];
    const [dead] = flowLint.lint(nodes, new Map());
    const moved = { ...form, x: 500, y: 300 };
    expect(flowLint.lint([nodes[0], moved], new Map())[0]).toBe(dead);

    const looped = { ...moved, next: [{ ...moved.next[0], node: 'start' }] };
    expect(flowLint.lint([nodes[0], looped], new Map()).map((i) => i.rule)).toEqual(['loop-without-exit']);
    expect(flowLint.lint([nodes[0], moved], new Map()).map((i) => i.rule)).toEqual(['dead-end']);
  });
});
