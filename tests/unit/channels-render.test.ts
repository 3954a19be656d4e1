// Each channel's reply rendering (issue 16 item 4): every reply type, every limit, long texts split
// at the channel's maximum on word boundaries, HTML mapped to Telegram HTML / WhatsApp markdown.
import { describe, expect, it } from 'vitest';
import {
  CALL_OUTSIDE_WIDGET,
  choiceLayout,
  choiceOfPick,
  numberedChoices,
  parsePick,
  PASSWORD_NOTE_WHATSAPP,
  REALTIME_AI_OUTSIDE_WIDGET,
  renderTelegram,
  renderWhatsApp,
  splitTelegramHtml,
  splitText,
  TELEGRAM,
  toTelegramHtml,
  toWhatsAppText,
  typedNumber,
  WHATSAPP,
} from '../../src/core/channels/index';
import type { ChatReply } from '../../src/core/widget/replies';
import { telegramHtmlError } from '../fixtures/fake-telegram';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const PUBLIC = 'https://bots.example.com';
const choices = (...labels: string[]): ChatReply[] => [
  { type: 'choices-message', content: '<p>Pick <b>one</b></p>' },
  { type: 'choices', content: labels.map((label, i) => ({ id: `s${i}`, label })) },
];
const tg = (replies: ChatReply[]) => renderTelegram(replies, 42, PUBLIC).calls;
const wa = (replies: ChatReply[]) => renderWhatsApp(replies, '15550001111', PUBLIC).messages;

describe('HTML on the channels', () => {
  it('maps editor HTML to Telegram HTML that Telegram parses', () => {
    const html =
      '<h2>Menu</h2><p>Hello <strong>dear</strong> <em>guest</em> &amp; <span style="x">friends</span>&nbsp;!</p><ul><li>one</li><li>two</li></ul><p><a href="https://x.org/?a=1&amp;b=2">site</a> <a href="javascript:alert(1)">bad</a> 1 &lt; 2</p>';
    const out = toTelegramHtml(html);
    expect(out).toBe(
      '<b>Menu</b>\nHello <b>dear</b> <i>guest</i> &amp; friends !\n• one\n• two\n<a href="https://x.org/?a=1&amp;b=2">site</a> bad 1 &lt; 2',
    );
    expect(telegramHtmlError(out)).toBeNull();
  });

  it('maps editor HTML to WhatsApp markdown', () => {
    expect(
      toWhatsAppText(
        '<p>Hello <b>dear guest</b>, <i>see</i> <s>old</s> <code>x=1</code></p><p><a href="https://x.org">our site</a></p>',
      ),
    ).toBe('Hello *dear guest*, _see_ ~old~ ```x=1```\nour site (https://x.org)');
    expect(toWhatsAppText('<b>bold </b>word')).toBe('*bold* word');
  });

  it('shows the written part of [[written:spoken]]', () => {
    expect(toTelegramHtml('See [[Dr.:Doctor]] Who')).toBe('See Dr. Who');
    expect(toWhatsAppText('At [[10:30:half past ten]]')).toBe('At 10:30');
  });
});

describe('long texts', () => {
  it('split at the maximum length on word boundaries', () => {
    const words = Array.from({ length: 1200 }, (_, i) => `word${i}`).join(' ');
    const parts = splitText(words, 4096);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect([...p].length).toBeLessThanOrEqual(4096);
    expect(parts.join(' ')).toBe(words);
    expect(parts[0].endsWith(' ')).toBe(false);
  });

  it('split Telegram HTML with every part parsing on its own', () => {
    const html = `<b>${Array.from({ length: 1000 }, () => 'bold words').join(' ')}</b> tail`;
    const parts = splitTelegramHtml(html, 4096);
    expect(parts.length).toBe(3);
    for (const p of parts) {
      expect(telegramHtmlError(p)).toBeNull();
      expect(p.replace(/<[^>]+>/g, '').length).toBeLessThanOrEqual(4096);
    }
    expect(parts[1].startsWith('<b>')).toBe(true);
  });

  it('are sent as several messages on both channels', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `w${i}xyz`).join(' ');
    expect(tg([{ type: 'text', content: text }]).length).toBe(2);
    expect(wa([{ type: 'text', content: text }]).length).toBe(2);
  });

  it('cut a word longer than the maximum', () => {
    expect(splitText('x'.repeat(10), 4)).toEqual(['xxxx', 'xxxx', 'xx']);
  });
});

describe('choices', () => {
  it('lay out as buttons, then a list, then numbered text on WhatsApp', () => {
    expect(choiceLayout(WHATSAPP, ['a', 'b', 'c'])).toBe('buttons');
    expect(choiceLayout(WHATSAPP, ['a', 'b', 'c', 'd'])).toBe('list');
    expect(choiceLayout(WHATSAPP, ['a', 'exactly twenty-one ch'])).toBe('list');
    expect(
      choiceLayout(
        WHATSAPP,
        Array.from({ length: 10 }, (_, i) => `${i}`),
      ),
    ).toBe('list');
    expect(
      choiceLayout(
        WHATSAPP,
        Array.from({ length: 11 }, (_, i) => `${i}`),
      ),
    ).toBe('numbered');
    expect(choiceLayout(WHATSAPP, ['a title of twenty-five c'.padEnd(25, 'x')])).toBe('numbered');
    expect(
      choiceLayout(
        TELEGRAM,
        Array.from({ length: 100 }, (_, i) => `${i}`),
      ),
    ).toBe('buttons');
    expect(
      choiceLayout(
        TELEGRAM,
        Array.from({ length: 101 }, (_, i) => `${i}`),
      ),
    ).toBe('numbered');
  });

  it('are reply buttons on WhatsApp up to 3', () => {
    expect(wa(choices('Tea', 'Coffee'))).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '15550001111',
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Pick *one*' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'c:s0', title: 'Tea' } },
              { type: 'reply', reply: { id: 'c:s1', title: 'Coffee' } },
            ],
          },
        },
      },
    ]);
  });

  it('are a list on WhatsApp from 4 to 10', () => {
    const [message] = wa(choices('a', 'b', 'c', 'd', 'e'));
    const interactive = message.interactive as Loose;
    expect(interactive.type).toBe('list');
    expect(interactive.action.button).toBe('Choose');
    expect(interactive.action.sections[0].rows).toHaveLength(5);
    expect(interactive.action.sections[0].rows[4]).toEqual({ id: 'c:s4', title: 'e' });
  });

  it('are numbered text on WhatsApp from 11', () => {
    const labels = Array.from({ length: 11 }, (_, i) => `Option ${i + 1}`);
    const [message] = wa(choices(...labels));
    expect(message.type).toBe('text');
    expect((message.text as { body: string }).body).toBe(`Pick *one*\n\n${numberedChoices(labels)}`);
    expect(numberedChoices(['A', 'B'])).toBe('1. A\n2. B\n\nReply 1–2.');
  });

  it('are an inline keyboard on Telegram, the label as text', () => {
    expect(tg(choices('Tea', 'Coffee'))).toEqual([
      {
        method: 'sendMessage',
        params: {
          chat_id: 42,
          text: 'Pick <b>one</b>',
          parse_mode: 'HTML',
          reply_markup: {
            inline_keyboard: [
              [{ text: 'Tea', callback_data: 'c:s0' }],
              [{ text: 'Coffee', callback_data: 'c:s1' }],
            ],
          },
        },
      },
    ]);
  });

  it('carry a long id by position (callback_data ≤ 64 bytes)', () => {
    const id = 'x'.repeat(80);
    const [call] = tg([{ type: 'choices', content: [{ id, label: 'A' }] }]);
    const keyboard = (call.params.reply_markup as Loose).inline_keyboard;
    expect(keyboard[0][0].callback_data).toBe('n:1');
    expect(call.params.text).toBe('Please choose one:');
  });

  it('are picked back by button data, by id or by number', () => {
    const offered = [
      { id: 's0', label: 'Tea' },
      { id: 's1', label: 'Coffee' },
    ];
    expect(choiceOfPick(parsePick('c:s1')!, offered)?.label).toBe('Coffee');
    expect(choiceOfPick(parsePick('n:1')!, offered)?.label).toBe('Tea');
    expect(choiceOfPick({ number: typedNumber(' 2. ')! }, offered)?.label).toBe('Coffee');
    expect(choiceOfPick({ number: 3 }, offered)).toBeNull();
    expect(parsePick('hello')).toBeNull();
    expect(typedNumber('2 cats')).toBeNull();
  });

  it('of a wizard step are buttons with the question and its progress', () => {
    const [message] = wa([
      {
        type: 'wizard',
        content: 'Size?',
        field: { type: 'options', attr: 'size', options: [{ id: 'S', label: 'Small' }] },
        progress: { pass: 2, of: 3 },
      },
    ]);
    expect((message.interactive as Loose).body.text).toBe('Size? (2 of 3)');
  });
});

describe('media', () => {
  const carousel = (n: number): ChatReply => ({
    type: 'image-carousel',
    title: 'Rooms',
    content: Array.from({ length: n }, (_, i) => ({ url: `/uploads/content/${i}.png` })),
  });

  it('sends images with their title as caption, relative URLs made absolute', () => {
    expect(tg([{ type: 'image', content: '/uploads/a.png', title: 'A & B' }])).toEqual([
      {
        method: 'sendPhoto',
        params: { chat_id: 42, photo: `${PUBLIC}/uploads/a.png`, caption: 'A &amp; B', parse_mode: 'HTML' },
      },
    ]);
    expect(
      wa([{ type: 'image-link', content: 'https://img.example.com/x.jpg', title: 'X' }])[0].image,
    ).toEqual({
      link: 'https://img.example.com/x.jpg',
      caption: 'X',
    });
  });

  it('sends a carousel as albums of 2–10 on Telegram and one by one on WhatsApp', () => {
    const calls = tg([carousel(12)]);
    expect(calls.map((c) => c.method)).toEqual(['sendMediaGroup', 'sendMediaGroup']);
    expect((calls[0].params.media as unknown[]).length).toBe(10);
    expect((calls[0].params.media as Loose[])[0].caption).toBe('Rooms');
    expect(tg([carousel(11)]).map((c) => c.method)).toEqual(['sendMediaGroup', 'sendPhoto']);
    expect(tg([carousel(1)]).map((c) => c.method)).toEqual(['sendPhoto']);
    const messages = wa([carousel(3)]);
    expect(messages.map((m) => m.type)).toEqual(['image', 'image', 'image']);
    expect((messages[0].image as Loose).caption).toBe('Rooms');
    expect((messages[1].image as Loose).caption).toBeUndefined();
  });

  it('sends video links as previewed links and files as documents or photos', () => {
    const video: ChatReply = {
      type: 'video-link',
      content: 'https://youtu.be/abc',
      title: 'Tour',
      embedUrl: null,
    };
    expect(tg([video])[0].params.text).toBe('Tour\nhttps://youtu.be/abc');
    expect(wa([video])[0].text).toEqual({ preview_url: true, body: 'Tour\nhttps://youtu.be/abc' });
    const pdf: ChatReply = {
      type: 'file',
      content: { name: 'a.pdf', url: '/uploads/chat/a.pdf', type: 'application/pdf', size: 1 },
    };
    expect(tg([pdf])[0]).toEqual({
      method: 'sendDocument',
      params: { chat_id: 42, document: `${PUBLIC}/uploads/chat/a.pdf`, caption: 'a.pdf' },
    });
    expect(wa([pdf])[0].document).toEqual({ link: `${PUBLIC}/uploads/chat/a.pdf`, filename: 'a.pdf' });
    const png: ChatReply = {
      type: 'file',
      content: { name: 'a.png', url: 'https://x/a.png', type: 'image/png', size: 1 },
    };
    expect(tg([png])[0].method).toBe('sendPhoto');
    expect(wa([png])[0].type).toBe('image');
  });
});

describe('widget-only and steering replies', () => {
  it('asks for the location with the channel’s own request', () => {
    const ask: ChatReply = { type: 'device-permission', content: '', request: 'geolocation' };
    const keyboard = (tg([ask])[0].params.reply_markup as Loose).keyboard;
    expect(keyboard[0][0]).toEqual({ text: 'Share my location', request_location: true });
    expect((wa([ask])[0].interactive as Loose).type).toBe('location_request_message');
  });

  it('says the spec’s texts for calls and realtime AI, and answers REALTIME_AI_ENDED', () => {
    const realtime = renderWhatsApp(
      [
        {
          type: 'realtime-ai',
          content: '',
          prompt: '',
          waitForUserInteraction: false,
          hideAIResponse: false,
        },
      ],
      '1555',
      PUBLIC,
    );
    expect((realtime.messages[0].text as Loose).body).toBe(REALTIME_AI_OUTSIDE_WIDGET);
    expect(realtime.followUp).toBe('REALTIME_AI_ENDED');
    const call = renderTelegram(
      [
        {
          type: 'call',
          content: 'Wait',
          provider: null,
          callInfo: { callerName: '', subject: '', description: '' },
        },
      ],
      1,
      PUBLIC,
    );
    expect(call.calls[0].params.text).toBe(CALL_OUTSIDE_WIDGET);
    expect(call.followUp).toBeNull();
  });

  it('drops delays and the file input mode; a password gets a note on WhatsApp only', () => {
    const steering: ChatReply[] = [
      { type: 'delay', content: '', seconds: 2 },
      { type: 'input', content: '', input: 'file' },
    ];
    expect(tg(steering)).toEqual([]);
    expect(wa(steering)).toEqual([]);
    const password: ChatReply = { type: 'input', content: '', input: 'password' };
    expect(tg([password])).toEqual([]);
    expect((wa([password])[0].text as Loose).body).toBe(PASSWORD_NOTE_WHATSAPP);
  });
});
