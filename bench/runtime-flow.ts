// The runtime bench's conversation (bench/runtime.ts): the shop flow its guests talk to, and what
// each guest says. The chat call is sent as the widget sends it (spec 3 §7: a multipart form).
import type autocannon from 'autocannon';
import { newNode, type FlowNode, type NodeOfType, type NodeType } from '../src/core/flow/index.js';

export const PAGE = 'https://shop.example.com/orders';
const BOUNDARY = '----botflowbench';
export const HEADERS = {
  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  'x-botflow-origin': PAGE,
};

function node<T extends NodeType>(type: T, id: string, fields: Partial<NodeOfType<T>>): NodeOfType<T> {
  return { ...newNode(type, id, 0, 0, id), ...fields } as NodeOfType<T>;
}
const text = (en: string) => ({
  type: 'content' as const,
  content: { type: 'text' as const, title: 't', content: { en } },
});

export function benchFlow(apiUrl: string): FlowNode[] {
  const greet = node('basic', 'greet', { entries: [text('Welcome to the shop! I can track your orders.')] });
  greet.next = [{ id: 0, node: 'menu' }];
  const menu = node('choice', 'menu', { message: { en: 'How can I help?' } });
  menu.next = [
    { id: 1, node: 'track', option: { en: { name: 'Track order', alt: ['track'] } } },
    { id: 2, node: 'greet', option: { en: { name: 'Talk to us' } } },
    { id: 0, node: 'menu' },
  ];
  const track = node('basic', 'track', {
    entries: [
      text('Your order number?'),
      { type: 'variable', name: 'order', default: '', variableType: 'number', wait: true },
    ],
  });
  track.next = [{ id: 0, node: 'lookup' }];
  const lookup = node('api', 'lookup', {
    store: { name: 'info', statusCodeVariable: 'code', successTarget: null, failureTarget: null },
  });
  lookup.api = { ...lookup.api, url: `${apiUrl}/orders/\${{order}}`, retries: 1, retryDelay: 0 };
  lookup.next = [
    { id: 2, node: 'shipped', condition: { en: 'info.state == "shipped" and code == 200' } },
    { id: 0, node: 'pending' },
    { id: 1, node: 'pending', onFailure: true },
  ];
  const shipped = node('basic', 'shipped', {
    entries: [text('Order ${{order}} shipped on ${{info.date}}.')],
  });
  shipped.next = [{ id: 0, node: 'menu' }];
  const pending = node('basic', 'pending', { entries: [text('Order ${{order}} is ${{info.state}}.')] });
  pending.next = [{ id: 0, node: 'menu' }];
  return [greet, menu, track, lookup, shipped, pending];
}

export function form(fields: Record<string, string>): string {
  let body = '';
  for (const [name, value] of Object.entries(fields)) {
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  return `${body}--${BOUNDARY}--\r\n`;
}

/** One autocannon connection is one guest; each pass over the list starts with a fresh context. */
export function guestRequests(botId: number, problems: string[]): autocannon.Request[] {
  type Guest = { guestId?: string };
  const turn = (message: string, expected: string): autocannon.Request => ({
    method: 'POST',
    path: `/api/chat?bot_id=${botId}`,
    headers: HEADERS,
    setupRequest(request, context) {
      const guestId = (context as Guest).guestId;
      const body = form(guestId ? { message, guest_id: guestId } : { message, ignore_saving: '1' });
      return { ...request, body };
    },
    onResponse(status, body, context) {
      if (status !== 200 || !body.includes(expected)) problems.push(`${status} ${body.slice(0, 160)}`);
      else if (message === 'Hello') (context as Guest).guestId = JSON.parse(body).guest_id;
    },
  });
  return [
    turn('Hello', 'How can I help?'),
    turn('track', 'Your order number?'),
    turn('42', 'Order 42 shipped on 2024-05-01'),
    turn('track', 'Your order number?'),
    turn('7', 'Order 7 shipped'),
  ];
}
