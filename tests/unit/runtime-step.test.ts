import { describe, expect, it } from 'vitest';
import { LOOP_STOPPED, MAX_NODES_PER_TURN, step } from '../../server/runtime/step.js';
import { newSession } from '../../server/runtime/session.js';
import { contents, conversation, fakePorts, flowOf, link, node, text } from './runtime-support.js';

describe('step: walking the flow', () => {
  it('starts at the first node, follows links and ends when a path ends', async () => {
    const a = link(node('basic', 'a', { entries: [text('One')] }), 'b');
    const b = node('basic', 'b', { entries: [text('Two')] });
    const chat = conversation(flowOf([a, b]), fakePorts());
    expect(contents(await chat.send('Hello'))).toEqual(['One', 'Two']);
    expect(chat.session.at).toBeNull();
    // An ended conversation starts again on the next message.
    expect(contents(await chat.send('again'))).toEqual(['One', 'Two']);
  });

  it('does not change the session it was given', async () => {
    const ask = node('choice', 'ask', { message: { en: 'Pick' } });
    const session = newSession('main', 'en');
    const result = await step(flowOf([ask]), session, { text: 'hi' }, fakePorts().ports);
    expect(session.at).toBeNull();
    expect(result.session.at).toEqual({ flow: 'main', node: 'ask', wait: { kind: 'choice' } });
    expect(result.session.lastInput).toBe('hi');
  });

  it('cuts a loop off after a bounded number of nodes with a clear reply', async () => {
    const a = link(node('basic', 'a', { entries: [text('tick')] }), 'b');
    const b = link(node('basic', 'b', { entries: [] }), 'a');
    const chat = conversation(flowOf([a, b]), fakePorts());
    const replies = await chat.send('go');
    expect(replies.at(-1)).toMatchObject({ type: 'text', content: LOOP_STOPPED });
    expect(replies.filter((r) => r.content === 'tick')).toHaveLength(MAX_NODES_PER_TURN / 2);
    expect(chat.session.at).toBeNull();
  });

  it('starts afresh when the node the guest waited at was removed by a new publish', async () => {
    const ask = node('choice', 'ask', { message: { en: 'Pick' } });
    const fakes = fakePorts();
    const chat = conversation(flowOf([ask]), fakes);
    await chat.send('hi');
    const greet = node('basic', 'greet', { entries: [text('Welcome back')] });
    const republished = await step(flowOf([greet]), chat.session, { text: 'yes' }, fakes.ports);
    expect(contents(republished.replies)).toEqual(['Welcome back']);
  });

  it('answers nothing for an empty flow', async () => {
    const result = await step(flowOf([]), newSession('main', 'en'), { text: 'hi' }, fakePorts().ports);
    expect(result.replies).toEqual([]);
  });
});

describe('step: conditions', () => {
  function branching(conditions: string[]) {
    const start = node('basic', 'start', { entries: [] });
    start.next = [
      ...conditions.map((condition, i) => ({ id: i + 1, node: `c${i}`, condition: { en: condition } })),
      { id: 0, node: 'default' },
    ];
    const targets = conditions.map((_, i) => node('basic', `c${i}`, { entries: [text(`branch ${i}`)] }));
    return flowOf([start, ...targets, node('basic', 'default', { entries: [text('default')] })]);
  }

  it('takes the first true condition in order, else the default branch last', async () => {
    const flow = branching(['USER_LAST_INPUT == "a"', 'USER_LAST_INPUT == "b" or USER_LAST_INPUT == "a"']);
    expect(contents(await conversation(flow, fakePorts()).send('a'))).toEqual(['branch 0']);
    expect(contents(await conversation(flow, fakePorts()).send('b'))).toEqual(['branch 1']);
    expect(contents(await conversation(flow, fakePorts()).send('c'))).toEqual(['default']);
  });

  it('reads session variables, predefined variables and the host page variables', async () => {
    const flow = branching([
      'age >= 18 and ENVIRONMENT == "web"',
      'ENV_COURSE_ID == 7 and plan == "gold"',
      'WA_NUMBER != ""',
    ]);
    const adult = newSession('main', 'en');
    adult.variables.age = 30;
    expect(contents(await conversation(flow, fakePorts(), adult).send('x'))).toEqual(['branch 0']);

    const course = newSession('main', 'en', { ENV_COURSE_ID: 7, custom: { plan: 'gold' } });
    expect(contents(await conversation(flow, fakePorts(), course).send('x'))).toEqual(['branch 1']);

    const whatsapp = newSession('main', 'en', { ENVIRONMENT: 'whatsapp', WA_NUMBER: '+33600000000' });
    whatsapp.variables.age = 40;
    expect(contents(await conversation(flow, fakePorts(), whatsapp).send('x'))).toEqual(['branch 2']);
  });

  it('never takes an unlinked or broken branch', async () => {
    const start = node('basic', 'start', { entries: [] });
    start.next = [
      { id: 1, node: null, condition: { en: 'true' } },
      { id: 2, node: 'x', condition: { en: '((' } },
      { id: 0, node: 'default' },
    ];
    const flow = flowOf([
      start,
      node('basic', 'x', { entries: [text('x')] }),
      node('basic', 'default', { entries: [text('d')] }),
    ]);
    expect(contents(await conversation(flow, fakePorts()).send('go'))).toEqual(['d']);
  });
});

describe('step: flow templates', () => {
  it('runs the template and comes back to the next slot when it ends', async () => {
    const fakes = fakePorts();
    const inner = node('choice', 'inner-ask', { message: { en: 'Size?' } });
    inner.next = [
      { id: 1, node: 'inner-done', option: { en: { name: 'Large' } } },
      { id: 0, node: null },
    ];
    fakes.templates.set(
      'sizes',
      flowOf(
        [inner, node('basic', 'inner-done', { entries: [text('Noted ${{USER_LAST_INPUT}}')] })],
        'sizes',
      ),
    );
    const use = link(node('flow-template', 'use', { templateName: 'sizes' }), 'after');
    const after = node('basic', 'after', { entries: [text('Back in main')] });
    const chat = conversation(flowOf([use, after]), fakes);

    expect(contents(await chat.send('hi'))[0]).toBe('Size?');
    expect(chat.session.at).toMatchObject({ flow: 'sizes', node: 'inner-ask' });
    expect(chat.session.stack).toEqual([{ flow: 'main', node: 'use' }]);
    expect(contents(await chat.send('large'))).toEqual(['Noted large', 'Back in main']);
    expect(chat.session.stack).toEqual([]);
  });

  it('skips a template that does not exist and one that calls itself forever', async () => {
    const fakes = fakePorts();
    const missing = link(node('flow-template', 'missing', { templateName: 'nope' }), 'end');
    const end = node('basic', 'end', { entries: [text('went on')] });
    expect(contents(await conversation(flowOf([missing, end]), fakes).send('x'))).toEqual(['went on']);

    const self = node('flow-template', 'self', { templateName: 'loop' });
    fakes.templates.set('loop', flowOf([self], 'loop'));
    const start = link(node('flow-template', 'start', { templateName: 'loop' }), 'end');
    const replies = await conversation(flowOf([start, end]), fakes).send('x');
    expect(contents(replies)).toEqual(['went on']);
  });
});
