import { describe, expect, it } from 'vitest';
import { createEngine, newNode, type FlowNode, type Slot } from '../../src/core/flow';
import { validateFlow, validateNode, type ValidationContext } from '../../src/core/validation';

const context: ValidationContext = {
  supportedLanguages: [{ id: 2, code: 'en' }],
  defaultLanguageCode: 'en',
  templateNames: [],
  providers: [],
  pushMessageTypes: ['WEATHER'],
};

const branch = (id: number, en: string): Slot => ({ id, node: null, condition: { en } });

describe('conditions on branches', () => {
  it('passes branches whose conditions parse, before the default branch', () => {
    const node = newNode('basic', 'b1', 0, 0, 'Route');
    node.next = [branch(2, 'age >= 18 and country == "FR"'), branch(3, '${{score}} > 10'), ...node.next];
    expect(validateNode(node, context)).toEqual([]);
  });

  it('blocks a branch whose condition does not parse, with the parser message', () => {
    const node = newNode('api', 'a1', 0, 0, 'Call');
    node.showResult = true;
    node.api.url = 'https://example.com';
    node.next = [branch(2, 'status == 200'), branch(3, 'status == )'), ...node.next];
    expect(validateNode(node, context)).toEqual([
      { field: 'next.1.condition.en', message: "Invalid condition: Unexpected token ')' at 10" },
    ]);
  });

  it('blocks an empty condition', () => {
    const node = newNode('wizard', 'w1', 0, 0, 'Ask');
    node.wizard.fields = [{ id: 1, type: 'text', attr: 'x', feedback: { en: 'X?' } }];
    node.next = [branch(2, '  '), ...node.next];
    expect(validateNode(node, context)).toEqual([
      { field: 'next.0.condition.en', message: 'Condition is required' },
    ]);
  });
});

describe('validateFlow', () => {
  it('maps only the nodes with problems to their problems', () => {
    const good = newNode('device-permission', 'good', 0, 0, 'Location');
    const unnamed = newNode('device-permission', 'unnamed', 0, 0, '');
    const badBranch = newNode('language-changer', 'branchy', 0, 0, 'Lang');
    badBranch.next = [branch(4, '"open'), ...badBranch.next];
    const result = validateFlow([good, unnamed, badBranch], context);
    expect([...result.keys()]).toEqual(['unnamed', 'branchy']);
    expect(result.get('unnamed')).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(result.get('branchy')).toEqual([
      { field: 'next.0.condition.en', message: 'Invalid condition: Unclosed string at 0' },
    ]);
  });

  it('answers an empty map for an empty or valid flow', () => {
    expect(validateFlow([], context).size).toBe(0);
    expect(validateFlow([newNode('device-permission', 'd', 0, 0, 'Loc')], context).size).toBe(0);
  });
});

describe('engine validation', () => {
  const nodes = (): FlowNode[] => [
    newNode('device-permission', 'a', 0, 0, 'Location'),
    newNode('notification', 'b', 0, 0, 'Daily'), // template empty: one problem
  ];

  it('validates the whole replica with the context it was given', () => {
    const engine = createEngine();
    engine.load(nodes());
    expect([...engine.validate().keys()]).toEqual(['b']);
    engine.setValidationContext({ ...context, pushMessageTypes: [] });
    expect(
      engine
        .validate()
        .get('b')
        ?.map((p) => p.field),
    ).toEqual(['pushMessageType', 'template.en']);
  });

  it('re-validates only the nodes an edit touched, answering [] for fixed and deleted ones', () => {
    const engine = createEngine();
    engine.setValidationContext(context);
    engine.load(nodes());
    engine.validate();
    const fixed = {
      ...(engine.nodes()[1] as Extract<FlowNode, { type: 'notification' }>),
      template: { en: 'Hi' },
    };
    engine.record([{ type: 'update', node: fixed }]);
    expect(engine.validate(['b'])).toEqual(new Map([['b', []]]));
    engine.record([{ type: 'update', node: { ...engine.nodes()[0], name: '' } }]);
    engine.record([{ type: 'delete', id: 'b' }]);
    const touched = engine.validate(['a', 'b']);
    expect(touched.get('a')).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(touched.get('b')).toEqual([]);
    expect([...engine.validate().keys()]).toEqual(['a']);
  });

  it('parses conditions for the condition inputs', () => {
    const engine = createEngine();
    expect(engine.parseCondition('a > 1').ok).toBe(true);
    expect(engine.parseCondition('a >')).toEqual({
      ok: false,
      error: { message: 'Expected an expression at 3', offset: 3 },
    });
  });
});
