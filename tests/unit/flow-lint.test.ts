import { describe, expect, it } from 'vitest';
import { newNode, newVariableEntry, type FlowNode } from '../../src/core/flow';
import { createFlowLint, type LintRuleId } from '../../src/core/lint';

const lint = (nodes: FlowNode[], invalid = new Map()) => createFlowLint().lint(nodes, invalid);
const rules = (nodes: FlowNode[], rule: LintRuleId, invalid = new Map()) =>
  lint(nodes, invalid).filter((issue) => issue.rule === rule);

/** start → end, both plain messages: nothing to say about it. */
function clean(): FlowNode[] {
  const start = newNode('basic', 's', 0, 0, 'Start');
  const end = newNode('basic', 'e', 300, 0, 'End');
  start.next[0].node = 'e';
  return [start, end];
}

describe('lint rules', () => {
  it('a clean flow has no issues', () => {
    expect(lint(clean())).toEqual([]);
  });

  it('invalid-node lists the validation problems it is given', () => {
    const invalid = new Map([['e', [{ field: 'name', message: 'Name is required' }]]]);
    expect(rules(clean(), 'invalid-node', invalid)).toEqual([
      { rule: 'invalid-node', nodeId: 'e', message: '"End": Name is required' },
    ]);
  });

  it('unreachable: a node no path from the first node reaches; an isolated one can be deleted', () => {
    const nodes = [...clean(), newNode('basic', 'x', 0, 300, 'Lost')];
    const [issue] = rules(nodes, 'unreachable');
    expect(issue.nodeId).toBe('x');
    expect(issue.fix?.changes).toEqual([{ type: 'delete', id: 'x' }]);
    expect(rules(clean(), 'unreachable')).toEqual([]);
  });

  it('dead-end: a node that waits for an answer then leads nowhere', () => {
    const nodes = clean();
    const ask = newNode('wizard', 'w', 600, 0, 'Form');
    nodes[1].next[0].node = 'w';
    expect(rules([...nodes, ask], 'dead-end').map((i) => i.nodeId)).toEqual(['w']);
    ask.next[0].node = 's';
    expect(rules([...nodes, ask], 'dead-end')).toEqual([]);
  });

  it('choice-unlinked: an option or the no-match answer without a link', () => {
    const choice = newNode('choice', 'c', 0, 0, 'Menu');
    choice.next = [
      { id: 1, node: null, option: { en: { name: 'Yes' } } },
      { id: 0, node: 'c' },
    ];
    const [issue] = rules([choice], 'choice-unlinked');
    expect(issue.message).toBe('Choice "Menu": option "Yes" has no link');
    choice.next[0].node = 'c';
    expect(rules([choice], 'choice-unlinked')).toEqual([]);
  });

  it('variable-never-set: ${{name}} read with no node setting it; predefined ones are set', () => {
    const nodes = clean();
    nodes[1] = {
      ...newNode('choice', 'e', 300, 0, 'End'),
      message: { en: 'Hi ${{first_name}} ${{USER_LAST_INPUT}}' },
    };
    nodes[1].next[0].node = 's';
    expect(rules(nodes, 'variable-never-set').map((i) => i.message)).toEqual([
      '"End" reads ${{first_name}}, which no node sets',
    ]);
    const start = nodes[0];
    if (start.type === 'basic') start.entries = [{ ...newVariableEntry('first_name'), wait: true }];
    expect(rules(nodes, 'variable-never-set')).toEqual([]);
  });

  it('loop-without-exit: a cycle nothing leaves', () => {
    const nodes = clean();
    nodes[1].next[0].node = 's'; // s → e → s
    expect(rules(nodes, 'loop-without-exit')).toHaveLength(1);
    const out = newNode('basic', 'o', 0, 0, 'Out');
    const choice = newNode('choice', 'e', 300, 0, 'End');
    choice.next = [
      { id: 1, node: 's', option: { en: { name: 'Again' } } },
      { id: 0, node: 'o' },
    ];
    expect(rules([nodes[0], choice, out], 'loop-without-exit')).toEqual([]);
  });

  it('api-without-failure: no failure path; the fix sends failures the success way', () => {
    const api = newNode('api', 'a', 0, 0, 'Fetch');
    const end = newNode('basic', 'e', 300, 0, 'End');
    api.next[0].node = 'e';
    const [issue] = rules([api, end], 'api-without-failure');
    expect(issue.fix?.changes).toEqual([{ type: 'link', from: 'a', slot: 1, to: 'e' }]);
    api.next[1].node = 'e';
    expect(rules([api, end], 'api-without-failure')).toEqual([]);
  });

  it('re-reads only replaced nodes (the cache is by node object)', () => {
    const flowLint = createFlowLint();
    const nodes = clean();
    expect(flowLint.lint(nodes, new Map())).toEqual([]);
    const lost = newNode('basic', 'x', 0, 300, 'Lost');
    expect(flowLint.lint([...nodes, lost], new Map()).map((i) => i.rule)).toEqual(['unreachable']);
  });
});
