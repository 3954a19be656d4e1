// The emulator's channel switch (issue 16 item 6): the replies as WhatsApp or Telegram would show
// them, read back from the renderers' API messages.
import { describe, expect, it } from 'vitest';
import {
  CALL_OUTSIDE_WIDGET,
  channelPreview,
  LIST_BUTTON,
  telegramRuns,
  typedAnswer,
  whatsAppRuns,
} from '../../src/core/channels/index';
import type { ChatReply } from '../../src/core/widget/replies';

const PUBLIC = 'https://bots.example.com';
const choices = (...labels: string[]): ChatReply[] => [
  { type: 'choices-message', content: '<p>Pick <b>one</b></p>' },
  { type: 'choices', content: labels.map((label, i) => ({ id: `s${i}`, label })) },
];

describe('the emulator on WhatsApp', () => {
  const preview = (replies: ChatReply[]) => channelPreview('whatsapp', replies, PUBLIC);

  it('shows up to 3 choices as reply buttons under their question', () => {
    expect(preview(choices('Tea', 'Coffee'))).toEqual([
      {
        kind: 'buttons',
        runs: [{ text: 'Pick ' }, { text: 'one', bold: true }],
        buttons: ['Tea', 'Coffee'],
        answers: true,
      },
    ]);
  });

  it('shows 4 to 10 choices as a list message, and 11 as numbered text', () => {
    const five = preview(choices('A', 'B', 'C', 'D', 'E'));
    expect(five).toEqual([
      { kind: 'list', runs: expect.any(Array), button: LIST_BUTTON, rows: ['A', 'B', 'C', 'D', 'E'] },
    ]);
    const eleven = preview(choices(...'ABCDEFGHIJK'.split('')));
    expect(eleven).toHaveLength(1);
    expect(eleven[0].kind).toBe('text');
    const text = eleven[0].kind === 'text' ? eleven[0].runs.map((r) => r.text).join('') : '';
    expect(text).toContain('1. A\n');
    expect(text).toContain('11. K');
    expect(text).toContain('Reply 1–11.');
  });

  it('shows a carousel as single images, a call as the widget-only text, and no delay', () => {
    const items = preview([
      {
        type: 'image-carousel',
        content: [{ url: '/uploads/a.png' }, { url: '/uploads/b.png' }],
        title: 'Ours',
      },
      { type: 'delay', seconds: 2 },
      { type: 'call', content: 'Calling…' },
    ] as ChatReply[]);
    expect(items).toEqual([
      { kind: 'image', url: `${PUBLIC}/uploads/a.png`, caption: [{ text: 'Ours' }] },
      { kind: 'image', url: `${PUBLIC}/uploads/b.png`, caption: [] },
      { kind: 'text', runs: [{ text: CALL_OUTSIDE_WIDGET }] },
    ]);
  });

  it('shows a location request with its Send location button, which answers nothing', () => {
    expect(preview([{ type: 'device-permission', content: '', request: 'geolocation' }])).toEqual([
      { kind: 'buttons', runs: expect.any(Array), buttons: ['Send location'], answers: false },
    ]);
  });
});

describe('the emulator on Telegram', () => {
  const preview = (replies: ChatReply[]) => channelPreview('telegram', replies, PUBLIC);

  it('keeps many choices as inline buttons and a carousel as an album', () => {
    const labels = 'ABCDEFGHIJK'.split('');
    expect(preview(choices(...labels))).toEqual([
      {
        kind: 'buttons',
        runs: [{ text: 'Pick ' }, { text: 'one', bold: true }],
        buttons: labels,
        answers: true,
      },
    ]);
    const album = preview([
      { type: 'image-carousel', content: [{ url: '/a.png' }, { url: '/b.png' }], title: 'Ours' },
    ] as ChatReply[]);
    expect(album).toEqual([
      { kind: 'album', urls: [`${PUBLIC}/a.png`, `${PUBLIC}/b.png`], caption: [{ text: 'Ours' }] },
    ]);
  });

  it('asks for a location with a reply keyboard whose buttons answer nothing by themselves', () => {
    const [item] = preview([{ type: 'device-permission', content: '', request: 'geolocation' }]);
    expect(item).toMatchObject({ kind: 'buttons', answers: false });
  });
});

describe('formatting as the channel shows it', () => {
  it('reads Telegram HTML into runs, entities decoded', () => {
    expect(telegramRuns('Hi <b>dear <i>you</i></b> &amp; <a href="x">site</a>')).toEqual([
      { text: 'Hi ' },
      { text: 'dear ', bold: true },
      { text: 'you', bold: true, italic: true },
      { text: ' & site' },
    ]);
  });

  it('reads WhatsApp markdown into runs, leaving lone marks as they are', () => {
    expect(whatsAppRuns('Hi *dear _you_* 2 * 3 ~old~ ```x = 1```')).toEqual([
      { text: 'Hi ' },
      { text: 'dear ', bold: true },
      { text: 'you', bold: true, italic: true },
      { text: ' 2 * 3 ' },
      { text: 'old', strike: true },
      { text: ' ' },
      { text: 'x = 1', code: true },
    ]);
  });
});

describe('a typed answer in the emulator', () => {
  it('picks the choice at a typed number, as the channels do', () => {
    expect(typedAnswer('2', choices('Tea', 'Coffee'))).toBe('Coffee');
    expect(typedAnswer(' 1. ', choices('Tea', 'Coffee'))).toBe('Tea');
    expect(typedAnswer('7', choices('Tea', 'Coffee'))).toBe('7');
    expect(typedAnswer('Tea', choices('Tea', 'Coffee'))).toBe('Tea');
    expect(typedAnswer('2', [{ type: 'text', content: 'How many?' }])).toBe('2');
  });
});
