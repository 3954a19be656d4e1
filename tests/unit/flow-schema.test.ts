import { describe, expect, it } from 'vitest';
import {
  ADDABLE_NODE_TYPES,
  checkFlowGraph,
  flowNodeSchema,
  flowSchema,
  newDelayEntry,
  newNode,
  newVariableEntry,
  type FlowNode,
} from '../../src/core/flow';

describe('newNode defaults (spec 2 §9)', () => {
  it('gives every addable type a node its own schema accepts unchanged', () => {
    for (const type of [...ADDABLE_NODE_TYPES, 'dynamic'] as const) {
      const node = newNode(type, `n-${type}`, 10, 20);
      expect(node).toMatchObject({ id: `n-${type}`, type, x: 10, y: 20, isNew: true });
      expect(flowNodeSchema.parse(node)).toEqual(node);
    }
  });

  it('uses the api defaults and ends with the failure slot', () => {
    const node = newNode('api', 'a', 0, 0);
    expect(node.api).toMatchObject({ method: 'get', bodyType: 'json', retries: 3, retryDelay: 1 });
    expect(node.next).toEqual([
      { id: 0, node: null },
      { id: 1, node: null, onFailure: true },
    ]);
    expect(node.store).toMatchObject({ successTarget: null, failureTarget: null });
  });

  it('uses the device-permission defaults and ends with the failure slot', () => {
    const node = newNode('device-permission', 'd', 0, 0);
    expect(node).toMatchObject({ request: 'geolocation', latName: 'latitude', longName: 'longitude' });
    expect(node.next.at(-1)).toEqual({ id: 1, node: null, onFailure: true });
  });

  it('uses the wizard, notification, language-changer and call defaults', () => {
    expect(newNode('wizard', 'w', 0, 0)).toMatchObject({
      wizard: { iterations: 3, offsite: 1, fields: [] },
      store: { name: 'wizard_list' },
    });
    expect(newNode('notification', 'n', 0, 0)).toMatchObject({
      pushMessageType: 'WEATHER',
      startAt: '18:00',
      frequency: 24,
    });
    expect(newNode('language-changer', 'l', 0, 0)).toMatchObject({ language: 2, rememberPreference: false });
    expect(newNode('call', 'c', 0, 0).callerName).toBe('Guest');
  });

  it('starts a choice with only its no-match slot and gives entries their defaults', () => {
    expect(newNode('choice', 'c', 0, 0).next).toEqual([{ id: 0, node: null }]);
    expect(newDelayEntry()).toEqual({ type: 'delay', seconds: 0.5 });
    expect(newVariableEntry('city').variableType).toBe('text');
  });

  it('never shares nested objects between two new nodes', () => {
    const a = newNode('api', 'a', 0, 0);
    const b = newNode('api', 'b', 0, 0);
    expect(a.api).not.toBe(b.api);
    expect(a.next).not.toBe(b.next);
  });
});

describe('flowNodeSchema', () => {
  it('round-trips a dynamic node with its fields and unknown extra keys unchanged', () => {
    const saved = {
      id: 'dyn',
      name: 'Loader',
      type: 'dynamic',
      x: 5,
      y: 6,
      next: [{ id: 0, node: null, weight: 3 }],
      loader: { url: 'https://example.com/items', method: 'GET' },
      attrName: 'title',
      attrValue: ['a', 1, null],
      start: 0,
      max: 25,
      listener: { event: 'scroll', nested: { deep: true } },
      legacyFlag: 'kept',
    };
    const parsed = flowNodeSchema.parse(saved);
    expect(parsed).toEqual(saved);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(saved);
  });

  it('keeps unknown keys on typed nodes and inside their nested objects', () => {
    const node = { ...newNode('basic', 'b', 0, 0), colour: 'red' } as FlowNode & { colour: string };
    const withEntry = {
      ...node,
      entries: [{ ...newDelayEntry(), note: 'pause' }],
    };
    expect(flowNodeSchema.parse(withEntry)).toEqual(withEntry);
  });

  it('refuses an unknown or missing type', () => {
    expect(flowNodeSchema.safeParse({ ...newNode('basic', 'b', 0, 0), type: 'teleport' }).success).toBe(
      false,
    );
    const { type: _type, ...untyped } = newNode('basic', 'b', 0, 0);
    expect(flowNodeSchema.safeParse(untyped).success).toBe(false);
  });

  it('refuses wrongly typed fields', () => {
    expect(flowNodeSchema.safeParse({ ...newNode('basic', 'b', 0, 0), x: 'left' }).success).toBe(false);
    const api = newNode('api', 'a', 0, 0);
    expect(flowNodeSchema.safeParse({ ...api, api: { ...api.api, method: 'patch' } }).success).toBe(false);
    expect(flowNodeSchema.safeParse({ ...newNode('basic', 'b', 0, 0), id: '' }).success).toBe(false);
  });
});

describe('checkFlowGraph and flowSchema', () => {
  const linked = () => {
    const a = newNode('basic', 'a', 0, 0, 'Start');
    const b = newNode('api', 'b', 0, 0, 'Fetch');
    a.next[0].node = 'b';
    b.next[0].node = 'a';
    return [a, b];
  };

  it('finds nothing wrong in a consistent flow', () => {
    expect(checkFlowGraph(linked())).toEqual([]);
    expect(flowSchema.safeParse({ name: 'main', nodes: linked() }).success).toBe(true);
  });

  it('finds duplicate node ids', () => {
    const [a] = linked();
    const problems = checkFlowGraph([a, { ...newNode('choice', 'a', 0, 0) }]);
    expect(problems).toContainEqual({ nodeId: 'a', message: 'Duplicate node id "a"' });
  });

  it('finds links to missing nodes in slots (the failure slot too) and success/failure targets', () => {
    const [a, b] = linked();
    a.next[0].node = 'ghost';
    if (b.type !== 'api') throw new Error('fixture');
    b.store.failureTarget = 'gone';
    b.next[b.next.length - 1].node = 'void';
    const messages = checkFlowGraph([a, b]).map((p) => p.message);
    expect(messages).toEqual([
      'Node "Start" links to missing node "ghost"',
      'Node "Fetch" links to missing node "void"',
      'Node "Fetch" links to missing node "gone"',
    ]);
  });

  it('finds two outputs with the same id in one node', () => {
    const a = newNode('basic', 'a', 0, 0, 'Start');
    a.next.push({ id: 0, node: null });
    expect(checkFlowGraph([a])).toEqual([{ nodeId: 'a', message: 'Node "Start" has two outputs with id 0' }]);
  });

  it('makes flowSchema refuse a flow whose links point nowhere', () => {
    const [a, b] = linked();
    a.next[0].node = 'ghost';
    const result = flowSchema.safeParse({ name: 'main', nodes: [a, b] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Node "Start" links to missing node "ghost"');
  });
});
