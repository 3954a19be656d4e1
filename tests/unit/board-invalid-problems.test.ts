import { describe, expect, it } from 'vitest';
import { createEngine, newNode, type ApiNode, type FlowNode } from '../../src/core/flow';
import {
  idsOfChanges,
  idsOfDiff,
  invalidNodeIds,
  mergeProblems,
  NO_PROBLEMS,
} from '../../src/features/flow/validation/node-problems';
import { validationContextOf } from '../../src/features/flow/validation/validation-context';

const english = { id: 2, name: 'English', code: 'en' };
const french = { id: 3, name: 'French', code: 'fr' };

function apiNode(id: string, url: string): ApiNode {
  const node = newNode('api', id, 0, 0, `API ${id}`);
  node.api.url = url;
  node.showResult = true;
  return node;
}

describe('idsOfChanges', () => {
  it('names added, updated, duplicated and deleted nodes but not moves or links', () => {
    const a = newNode('basic', 'a', 0, 0, 'A');
    expect(
      idsOfChanges([
        { type: 'add', node: a },
        { type: 'update', node: { ...a, name: 'B' } },
        { type: 'duplicate', id: 'a', newId: 'a2' },
        { type: 'delete', id: 'z' },
        { type: 'move', id: 'a', x: 1, y: 1 },
        { type: 'link', from: 'a', slot: 0, to: 'a2' },
        { type: 'unlink', from: 'a', slot: 0 },
      ]),
    ).toEqual(['a', 'a', 'a2', 'z']);
  });
});

describe('idsOfDiff', () => {
  it('names added and removed nodes, and changed nodes unless only their position changed', () => {
    const a = newNode('basic', 'a', 0, 0, 'A');
    const b = newNode('basic', 'b', 0, 0, 'B');
    const diff = {
      added: [{ node: a, index: 0 }],
      removed: [{ node: b, index: 1 }],
      changed: [
        { id: 'moved', keys: [{ key: 'x', before: 0, after: 5 }] },
        { id: 'renamed', keys: [{ key: 'name', before: 'A', after: '' }] },
        { id: 'relinked', keys: [{ key: 'next', before: [], after: [] }] },
      ],
    };
    expect(idsOfDiff(diff)).toEqual(['a', 'b', 'renamed', 'relinked']);
  });
});

describe('mergeProblems', () => {
  it('replaces the marks with a whole-flow answer and keeps the object when nothing changed', () => {
    const problem = { field: 'name', message: 'Name is required' };
    const first = mergeProblems(NO_PROBLEMS, new Map([['a', [problem, problem]]]), true);
    expect(first).toEqual({ a: 2 });
    expect(mergeProblems(first, new Map([['a', [problem, problem]]]), true)).toBe(first);
    expect(mergeProblems(first, new Map([['b', [problem]]]), true)).toEqual({ b: 1 });
  });

  it('updates only the named nodes with a partial answer, clearing the ones now valid', () => {
    const problem = { field: 'api.url', message: 'Endpoint is required' };
    const current = { a: 1, b: 2 };
    expect(mergeProblems(current, new Map([['a', []]]), false)).toEqual({ b: 2 });
    expect(mergeProblems(current, new Map([['c', [problem]]]), false)).toEqual({ a: 1, b: 2, c: 1 });
    expect(mergeProblems(current, new Map([['a', [problem]]]), false)).toBe(current);
    expect(current).toEqual({ a: 1, b: 2 });
    expect(invalidNodeIds({ b: 2, c: 1 })).toEqual(['b', 'c']);
  });
});

describe('validationContextOf', () => {
  const lists = { templates: [{ id: 1, name: 'Onboarding' }], providers: [{ id: 7, name: 'Calls' }] };

  it('names the bot languages from the known list and takes its default language code', () => {
    const context = validationContextOf({
      bot: { language: 3, supported_languages: [2, 3] },
      allLanguages: [english, french],
      ...lists,
      pushMessageTypes: [{ code: 'promo', label: 'Promotion' }],
    });
    expect(context).toEqual({
      supportedLanguages: [
        { id: 2, code: 'en' },
        { id: 3, code: 'fr' },
      ],
      defaultLanguageCode: 'fr',
      templateNames: ['Onboarding'],
      providers: [{ id: 7 }],
      pushMessageTypes: ['promo'],
    });
  });

  it('falls back to English when no bot is known', () => {
    const context = validationContextOf({
      bot: null,
      allLanguages: [english, french],
      templates: [],
      providers: [],
      pushMessageTypes: [],
    });
    expect(context.defaultLanguageCode).toBe('en');
    expect(context.supportedLanguages).toEqual([{ id: 2, code: 'en' }]);
  });
});

describe('the engine marks what the board shows', () => {
  it('finds an api node with an empty URL on load and clears it once the URL is fixed', () => {
    const engine = createEngine();
    const good = apiNode('good', 'https://example.com/orders');
    const bad = apiNode('bad', '');
    engine.load([good, bad]);
    let marks = mergeProblems(NO_PROBLEMS, engine.validate(), true);
    expect(invalidNodeIds(marks)).toEqual(['bad']);

    const fixed = { ...bad, api: { ...bad.api, url: 'https://example.com/refunds' } } as FlowNode;
    const changes = [{ type: 'update' as const, node: fixed }];
    engine.record(changes);
    marks = mergeProblems(marks, engine.validate(idsOfChanges(changes)), false);
    expect(invalidNodeIds(marks)).toEqual([]);

    const diff = engine.undo()!;
    marks = mergeProblems(marks, engine.validate(idsOfDiff(diff)), false);
    expect(invalidNodeIds(marks)).toEqual(['bad']);
  });
});
