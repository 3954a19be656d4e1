import { describe, expect, it } from 'vitest';
import type { ChoiceNode } from '../../src/core/flow/index.js';
import { newSession } from '../../server/runtime/session.js';
import { contents, conversation, fakePorts, flowOf, node, text } from './runtime-support.js';

function menu(noMatch: string | null = 'sorry'): ChoiceNode {
  const ask = node('choice', 'menu', {
    message: { en: '<p>What do you need?</p>', fr: '<p>Que voulez-vous ?</p>' },
  });
  ask.next = [
    {
      id: 1,
      node: 'orders',
      option: { en: { name: 'Orders', alt: ['order', 'parcel'] }, fr: { name: 'Commandes' } },
    },
    { id: 2, node: 'help', option: { en: { name: 'Help' } } },
    { id: 0, node: noMatch },
  ];
  return ask;
}

const targets = [
  node('basic', 'orders', { entries: [text('Orders here')] }),
  node('basic', 'help', { entries: [text('Help here')] }),
  node('basic', 'sorry', { entries: [text('No match')] }),
];

describe('choice node', () => {
  it('shows the message and a button per choice, then waits', async () => {
    const chat = conversation(flowOf([menu(), ...targets]), fakePorts());
    const replies = await chat.send('hi');
    expect(replies).toMatchObject([
      { type: 'choices-message', content: '<p>What do you need?</p>' },
      {
        type: 'choices',
        content: [
          { id: 1, label: 'Orders' },
          { id: 2, label: 'Help' },
        ],
      },
    ]);
    expect(chat.session.at?.wait).toEqual({ kind: 'choice' });
  });

  it('matches a label or a keyword ignoring case, in any of its languages', async () => {
    for (const answer of ['orders', ' ORDERS ', 'Parcel', 'commandes']) {
      const chat = conversation(flowOf([menu(), ...targets]), fakePorts());
      await chat.send('hi');
      expect(contents(await chat.send(answer))).toEqual(['Orders here']);
    }
  });

  it('finds a keyword inside the answer, without accents, with one slip (choice-match table)', async () => {
    for (const answer of ['where is my parcel please', 'COMMANDÉS', 'my parcl', 'I need help!']) {
      const chat = conversation(flowOf([menu(), ...targets]), fakePorts());
      await chat.send('hi');
      const expected = answer.includes('help') ? 'Help here' : 'Orders here';
      expect(contents(await chat.send(answer))).toEqual([expected]);
    }
  });

  it('does not take a keyword out of a longer word', async () => {
    const chat = conversation(flowOf([menu(), ...targets]), fakePorts());
    await chat.send('hi');
    expect(contents(await chat.send('helpful orderly'))).toEqual(['No match']);
  });

  it('takes the no-match branch for anything else', async () => {
    const chat = conversation(flowOf([menu(), ...targets]), fakePorts());
    await chat.send('hi');
    expect(contents(await chat.send('pizza'))).toEqual(['No match']);
  });

  it('asks again when the no-match branch is not linked', async () => {
    const chat = conversation(flowOf([menu(null), ...targets]), fakePorts());
    await chat.send('hi');
    const replies = await chat.send('pizza');
    expect(replies.map((r) => r.type)).toEqual(['choices-message', 'choices']);
    expect(contents(await chat.send('help'))).toEqual(['Help here']);
  });

  it('speaks the guest language and keeps the buttons of every language', async () => {
    const chat = conversation(flowOf([menu(), ...targets]), fakePorts(), newSession('main', 'fr'));
    const [message, buttons] = await chat.send('salut');
    expect(message.content).toBe('<p>Que voulez-vous ?</p>');
    expect(buttons.content).toEqual([
      { id: 1, label: 'Commandes' },
      { id: 2, label: 'Help' },
    ]);
    expect(buttons.translations?.en).toEqual([
      { id: 1, label: 'Orders' },
      { id: 2, label: 'Help' },
    ]);
  });
});
