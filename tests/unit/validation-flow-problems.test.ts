import { describe, expect, it } from 'vitest';
import { newNode, type ApiNode } from '../../src/core/flow';
import {
  flowProblems,
  nodeTitle,
  problemCount,
  problemsOfChecked,
  publishProblemsMessage,
  validateFlow,
  validationContextOf,
  type ValidationContext,
} from '../../src/core/validation';

const context: ValidationContext = {
  supportedLanguages: [{ id: 2, code: 'en' }],
  defaultLanguageCode: 'en',
  templateNames: ['Onboarding'],
  providers: [],
  pushMessageTypes: [],
};

function apiNode(id: string, url: string, name = `API ${id}`): ApiNode {
  const node = newNode('api', id, 0, 0, name);
  node.api.url = url;
  node.showResult = true;
  return node;
}

describe('flowProblems', () => {
  it('is empty for a flow that may be published', () => {
    expect(flowProblems([apiNode('a', 'https://shop.example.com/orders')], context)).toEqual([]);
  });

  it('names the node, its title, the field and the message of each problem, in flow order', () => {
    const good = apiNode('good', 'https://example.com');
    const noUrl = apiNode('no-url', '', 'Fetch order');
    const unnamed = newNode('device-permission', 'unnamed', 0, 0, '');
    expect(flowProblems([noUrl, good, unnamed], context)).toEqual([
      { node_id: 'no-url', node_name: 'Fetch order', field: 'api.url', message: expect.any(String) },
      { node_id: 'unnamed', node_name: 'Device-permission', field: 'name', message: 'Name is required' },
    ]);
  });

  it('lists every problem of a node, not only the first', () => {
    const node = apiNode('x', '', ' ');
    node.showResult = false;
    const found = flowProblems([node], context);
    expect(found.length).toBeGreaterThan(1);
    expect(new Set(found.map((p) => p.node_id))).toEqual(new Set(['x']));
    expect(found.map((p) => p.field)).toContain('name');
  });

  it('says the same as the problems the editor already checked', () => {
    const nodes = [apiNode('a', ''), newNode('language-changer', 'l', 0, 0, 'Lang')];
    expect(problemsOfChecked(nodes, validateFlow(nodes, context))).toEqual(flowProblems(nodes, context));
  });
});

describe('nodeTitle', () => {
  it('is the name the board draws, or the type label for a node without one', () => {
    expect(nodeTitle(newNode('basic', 'b', 0, 0, 'Greeting'))).toBe('Greeting');
    const template = newNode('flow-template', 't', 0, 0, '');
    expect(nodeTitle(template)).toBe('Flow-template');
    expect(nodeTitle({ ...template, templateName: 'Onboarding' })).toBe('Onboarding');
  });
});

describe('the words', () => {
  it('counts problems in the singular and the plural', () => {
    expect(problemCount(0)).toBe('0 problems');
    expect(problemCount(1)).toBe('1 problem');
    expect(problemCount(3)).toBe('3 problems');
  });

  it('asks the author to fix it or them, or to publish anyway', () => {
    expect(publishProblemsMessage(1)).toBe('This flow has 1 problem. Fix it, or publish anyway.');
    expect(publishProblemsMessage(2)).toBe('This flow has 2 problems. Fix them, or publish anyway.');
  });
});

describe('validationContextOf as the server builds it', () => {
  it('reads a stored bot (language ids only) against the languages table', () => {
    const languages = [
      { id: 1, name: 'English', code: 'en' },
      { id: 5, name: 'German', code: 'de' },
    ];
    const built = validationContextOf({
      bot: { language: 5, supported_languages: [1, 5] },
      allLanguages: languages,
      templates: [{ id: 3, name: 'Onboarding' }],
      providers: [{ id: 'mre-1', name: 'Calls' }],
      pushMessageTypes: [{ code: 'WEATHER', label: 'Weather' }],
    });
    expect(built).toEqual({
      supportedLanguages: [
        { id: 1, code: 'en' },
        { id: 5, code: 'de' },
      ],
      defaultLanguageCode: 'de',
      templateNames: ['Onboarding'],
      providers: [{ id: 'mre-1' }],
      pushMessageTypes: ['WEATHER'],
    });
  });
});
