// The flow both channels' full-flow tests run (issue 16 "Tests that must exist"): text, choices by
// button and by typed answer, a wizard, a file, a geolocation, a language change and the
// widget-only nodes (realtime AI, then a call), with ENVIRONMENT in the first text.
import type { FlowNode } from '../../src/core/flow/index.js';
import { link, node, text } from './chat-support.js';

export const FRENCH = 3;

function choice(id: string, message: string, labels: string[], next: string) {
  const ask = node('choice', id, { message: { en: message } });
  ask.next = [
    ...labels.map((label, i) => ({ id: i + 1, node: next, option: { en: { name: label } } })),
    { id: 0, node: id },
  ];
  return ask;
}

export function everyKindFlow(): FlowNode[] {
  const geo = node('device-permission', 'geo');
  geo.next = [
    { id: 0, node: 'where' },
    { id: 1, node: 'where', onFailure: true },
  ];
  return [
    link(node('basic', 'hello', { entries: [text('<p>Hello on <b>${{ENVIRONMENT}}</b></p>')] }), 'drink'),
    choice('drink', 'What to drink?', ['Tea', 'Coffee'], 'size'),
    choice('size', 'Which size?', ['Small', 'Large'], 'survey'),
    link(
      node('wizard', 'survey', {
        wizard: {
          iterations: 1,
          offsite: 1,
          fields: [{ id: 1, type: 'email', attr: 'email', feedback: { en: 'Your email?' } }],
        },
        store: { name: 'answers' },
      }),
      'photo',
    ),
    link(
      node('basic', 'photo', {
        entries: [
          text('Send a photo'),
          { type: 'variable', name: 'picture', default: '', variableType: 'file', wait: true },
          text('Got ${{picture.name}}'),
        ],
      }),
      'geo',
    ),
    geo,
    link(node('basic', 'where', { entries: [text('At ${{latitude}},${{longitude}}')] }), 'to-fr'),
    link(node('language-changer', 'to-fr', { language: FRENCH }), 'french'),
    link(node('basic', 'french', { entries: [text({ en: 'In English', fr: 'En français' })] }), 'live'),
    link(node('realtime-ai', 'live', { prompt: { en: 'Talk' } }), 'call'),
    node('call', 'call', {
      message: { en: 'Calling an agent…' },
      providerId: 'botflow-default',
      subject: { en: 'Help' },
      description: { en: 'From the chat' },
    }),
  ];
}
