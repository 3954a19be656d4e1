// The shop assistant's flow for the widget end-to-end test, published through the real API: text
// (in English and French), choices, a password variable, a file variable, a wizard, an api node
// calling the host site's API, and a closing message that uses what the flow learnt.
import { expect, type APIRequestContext } from '@playwright/test';
import { botForm } from '../bot-form';
import { PRODUCT, REGISTERED_SITE } from './env';

const text = (en: string, fr?: string) => ({
  type: 'content',
  content: { type: 'text', title: 'Text', content: fr ? { en, fr } : { en } },
});
const ask = (name: string, variableType: 'password' | 'file' | 'text') => ({
  type: 'variable',
  name,
  default: '',
  variableType,
  wait: true,
});
const basic = (id: string, entries: unknown[], next: string | null, y: number) => ({
  id,
  name: id,
  type: 'basic',
  x: 100,
  y,
  next: [{ id: 0, node: next }],
  entries,
});

export function shopFlow(): unknown[] {
  return [
    basic(
      'welcome',
      [
        text(
          'Welcome to Acme Shop! <a href="#action:open-cart">See your cart</a>',
          'Bienvenue chez Acme Shop !',
        ),
      ],
      'colour',
      0,
    ),
    {
      id: 'colour',
      name: 'colour',
      type: 'choice',
      x: 100,
      y: 150,
      message: { en: 'Which glaze do you like?', fr: 'Quel émail aimez-vous ?' },
      next: [
        {
          id: 1,
          node: 'secret',
          option: { en: { name: 'Celadon', alt: ['green'] }, fr: { name: 'Céladon' } },
        },
        { id: 2, node: 'secret', option: { en: { name: 'Cobalt', alt: ['blue'] }, fr: { name: 'Cobalt' } } },
        { id: 0, node: null },
      ],
    },
    basic('secret', [text('Choose a password for your account.'), ask('pin', 'password')], 'upload', 300),
    basic(
      'upload',
      [text('Now send us a photo of your favourite cup.'), ask('photo', 'file')],
      'survey',
      450,
    ),
    {
      id: 'survey',
      name: 'survey',
      type: 'wizard',
      x: 100,
      y: 600,
      wizard: {
        iterations: 1,
        offsite: 1,
        fields: [
          { id: 'f1', type: 'text', attr: 'guest', feedback: { en: 'What is your name?' } },
          {
            id: 'f2',
            type: 'options',
            attr: 'size',
            feedback: { en: 'Which size?' },
            options: [
              { id: 's', label: { en: 'Espresso' }, value: 'small' },
              { id: 'l', label: { en: 'Mug' }, value: 'large' },
            ],
          },
        ],
      },
      store: { name: 'answers' },
      next: [{ id: 0, node: 'lookup' }],
    },
    {
      id: 'lookup',
      name: 'lookup',
      type: 'api',
      x: 100,
      y: 750,
      api: {
        method: 'get',
        url: `${REGISTERED_SITE}/api/greeting`,
        bodyType: 'json',
        data: [{ name: '', value: '', type: 'text' }],
        retries: 0,
        retryDelay: 1,
      },
      headers: [{ name: '', value: '' }],
      params: [{ name: 'name', value: '${{guest}}' }],
      body: '',
      showResult: false,
      store: { name: 'greeting', statusCodeVariable: 'status', successTarget: null, failureTarget: null },
      next: [
        { id: 0, node: 'done' },
        { id: 1, node: null, onFailure: true },
      ],
    },
    basic(
      'done',
      [
        text('${{greeting.message}} A ${{size}} cup is on its way.'),
        { type: 'delay', seconds: 1 },
        text('Anything else?'),
      ],
      null,
      900,
    ),
  ];
}

/** A bot owned by the signed-in customer, registered on the host site only. */
export async function createShopBot(
  request: APIRequestContext,
  token: string,
  changes: Record<string, string> = {},
): Promise<number> {
  const response = await request.post(`${PRODUCT}/api/bot`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: botForm('Shop assistant', {
      description: 'Answers questions about cups',
      origins: REGISTERED_SITE,
      use_tts: 'true',
      ...changes,
    }),
  });
  const body = await response.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.bot.id;
}

/** Publishes `nodes` as the bot's first main flow (version 0, If-Match "0"). */
export async function publishFlow(
  request: APIRequestContext,
  token: string,
  botId: number,
  nodes: unknown[],
) {
  const response = await request.post(`${PRODUCT}/api/flow/${botId}`, {
    headers: { authorization: `Bearer ${token}`, 'if-match': '"0"' },
    // A seed for the widget, not an editor check: node fields the runtime does not need may be unset.
    data: { nodes, allow_invalid: true },
  });
  const body = await response.json();
  expect(body.success, JSON.stringify(body).slice(0, 300)).toBe(true);
}

/** The host site's page embedding the widget of `botId`. */
export function hostPage(site: string, botId: number, extra: Record<string, string> = {}): string {
  return `${site}/?${new URLSearchParams({ bot: String(botId), product: PRODUCT, ...extra })}`;
}
