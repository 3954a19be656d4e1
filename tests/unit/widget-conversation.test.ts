import { describe, expect, it } from 'vitest';
import {
  applyTranslations,
  disableAnswered,
  isShownReply,
  readStoredMessages,
  type ConversationMessage,
} from '../../src/core/widget/conversation';
import { forgetGuest, readGuest, saveGuest, type KeyValueStore } from '../../src/core/widget/guest';

const meta = (id: string, from: 'bot' | 'user' = 'bot') => ({
  id,
  from,
  date: 1,
  language_code: 'en',
  disabled: false,
  local: true,
});

describe('disableAnswered (spec 3 §4: a choices message and the one before it)', () => {
  const messages: ConversationMessage[] = [
    { type: 'text', content: 'Welcome', ...meta('1') },
    { type: 'choices-message', content: 'Pick one', ...meta('2') },
    { type: 'choices', content: [{ id: 0, label: 'Red' }], ...meta('3') },
  ];

  it('disables the choices and the message before them, not older ones', () => {
    const after = disableAnswered(messages);
    expect(after.map((m) => m.disabled)).toEqual([false, true, true]);
  });

  it('leaves a conversation without open choices untouched (same array)', () => {
    const plain = messages.slice(0, 2);
    expect(disableAnswered(plain)).toBe(plain);
  });

  it('disables a wizard step with option buttons on its own', () => {
    const wizard: ConversationMessage[] = [
      { type: 'text', content: 'Hi', ...meta('1') },
      {
        type: 'wizard',
        content: 'Your size?',
        field: { type: 'options', attr: 'size', options: [{ id: 1, label: 'S' }] },
        ...meta('2'),
      },
    ];
    expect(disableAnswered(wizard).map((m) => m.disabled)).toEqual([false, true]);
  });
});

describe('isShownReply', () => {
  it('keeps messages and drops steering replies', () => {
    expect(isShownReply({ type: 'text', content: 'x' })).toBe(true);
    expect(isShownReply({ type: 'delay', content: '', seconds: 1 })).toBe(false);
    expect(isShownReply({ type: 'input', content: '', input: 'file' })).toBe(false);
    expect(isShownReply({ type: 'device-permission', content: '', request: 'geolocation' })).toBe(false);
  });
});

describe('readStoredMessages', () => {
  it('reads stored items with their ids, sides, dates and disabled flags, dropping junk', () => {
    const read = readStoredMessages(
      [
        { id: 7, type: 'text', from: 'user', content: 'hi', date: 5, language_code: 'fr' },
        { id: 8, type: 'choices', from: 'bot', content: [], date: '2024-01-01T00:00:00Z', disabled: 1 },
        { id: 9, type: 'delay', from: 'bot', content: '' },
        'junk',
        { content: 'no type' },
      ],
      'en',
    );
    expect(read.map((m) => [m.id, m.from, m.language_code, m.disabled, m.local])).toEqual([
      ['7', 'user', 'fr', false, false],
      ['8', 'bot', 'en', true, false],
    ]);
    expect(read[1].date).toBe(Date.UTC(2024, 0, 1));
    expect(readStoredMessages(null, 'en')).toEqual([]);
  });
});

describe('applyTranslations', () => {
  it('replaces content and language of the messages the server translated', () => {
    const messages: ConversationMessage[] = [
      { type: 'text', content: 'Hello', ...meta('1') },
      { type: 'text', content: 'typed', ...meta('2', 'user') },
    ];
    const after = applyTranslations(messages, [{ id: 1, content: 'Bonjour', language_code: 'fr' }]);
    expect(after[0]).toMatchObject({ content: 'Bonjour', language_code: 'fr' });
    expect(after[1]).toBe(messages[1]);
  });
});

describe('guest id storage (spec 3 §4 Session)', () => {
  const memory = (): KeyValueStore & { map: Map<string, string> } => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
  };

  it('keeps the guest per bot', () => {
    const store = memory();
    saveGuest(store, 1, 'g-1');
    saveGuest(store, 2, 'g-2');
    expect(readGuest(store, 1)).toBe('g-1');
    expect(readGuest(store, 2)).toBe('g-2');
  });

  it('forgets the guest when the template changes', () => {
    const store = memory();
    saveGuest(store, 1, 'g-1', '');
    expect(readGuest(store, 1, 'onboarding')).toBeNull();
    expect(store.map.size).toBe(0);
    saveGuest(store, 1, 'g-2', 'onboarding');
    expect(readGuest(store, 1, 'onboarding')).toBe('g-2');
  });

  it('survives junk in storage and forgets on demand', () => {
    const store = memory();
    store.setItem('botflow.guest.1', '{not json');
    expect(readGuest(store, 1)).toBeNull();
    saveGuest(store, 1, 'g');
    forgetGuest(store, 1);
    expect(readGuest(store, 1)).toBeNull();
  });
});
