import { describe, expect, it } from 'vitest';
import type { ApiNode } from '../../src/core/flow/index.js';
import { HttpError, type HttpRequest } from '../../server/runtime/ports.js';
import { newSession } from '../../server/runtime/session.js';
import { contents, conversation, fakePorts, flowOf, node, text } from './runtime-support.js';

function apiFlow(fields: Partial<ApiNode> = {}, api: Partial<ApiNode['api']> = {}) {
  const call = node('api', 'call', {
    headers: [{ name: 'Authorization', value: 'Bearer ${{token}}' }],
    params: [
      { name: 'q', value: '${{query}}' },
      { name: '', value: '' },
    ],
    store: { name: 'result', statusCodeVariable: 'status', successTarget: null, failureTarget: null },
    ...fields,
  });
  call.api = { ...call.api, url: 'https://api.example.com/orders', ...api };
  // Success branches, then the failure slot.
  call.next = [
    { id: 0, node: 'ok' },
    { id: 1, node: 'failed', onFailure: true },
  ];
  const ok = node('basic', 'ok', { entries: [text('Status ${{status}}: ${{result.state}}')] });
  const failed = node('basic', 'failed', { entries: [text('Failed with ${{status}}')] });
  return flowOf([call, ok, failed]);
}

function session() {
  const s = newSession('main', 'en');
  s.variables.token = 'tok';
  s.variables.query = 'a b&c';
  return s;
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

describe('api node', () => {
  it('sends the interpolated request, stores the parsed answer and status, follows success', async () => {
    const fakes = fakePorts({ respond: () => json(200, { state: 'shipped' }) });
    const replies = await conversation(apiFlow(), fakes, session()).send('go');
    expect(contents(replies)).toEqual(['Status 200: shipped']);
    expect(fakes.requests).toEqual([
      {
        method: 'GET',
        url: 'https://api.example.com/orders?q=a+b%26c',
        headers: { authorization: 'Bearer tok' },
      },
    ]);
  });

  it('follows the failure path on a 4xx without retrying', async () => {
    const fakes = fakePorts({ respond: () => json(404, { error: 'none' }) });
    const chat = conversation(apiFlow(), fakes, session());
    expect(contents(await chat.send('go'))).toEqual(['Failed with 404']);
    expect(fakes.requests).toHaveLength(1);
    expect(chat.session.variables.result).toEqual({ error: 'none' });
  });

  it('retries server errors 3 times, 1 s apart through the clock, then fails', async () => {
    const fakes = fakePorts({ respond: () => json(503, {}) });
    expect(contents(await conversation(apiFlow(), fakes, session()).send('go'))).toEqual(['Failed with 503']);
    expect(fakes.requests).toHaveLength(4);
    expect(fakes.sleeps).toEqual([1000, 1000, 1000]);
  });

  it('succeeds on a retry after a network failure, with the configured retries and delay', async () => {
    const fakes = fakePorts({
      respond: (_r, attempt) => {
        if (attempt === 1) throw new HttpError('timeout', 'slow');
        return json(200, { state: 'late' });
      },
    });
    const replies = await conversation(apiFlow({}, { retries: 1, retryDelay: 2.5 }), fakes, session()).send(
      'go',
    );
    expect(contents(replies)).toEqual(['Status 200: late']);
    expect(fakes.sleeps).toEqual([2500]);
  });

  it('does not retry a refused private target, and unsets the stored values', async () => {
    const fakes = fakePorts({
      respond: () => {
        throw new HttpError('blocked', '10.0.0.1 is a private address');
      },
    });
    const chat = conversation(apiFlow(), fakes, session());
    expect(contents(await chat.send('go'))).toEqual(['Failed with ']);
    expect(fakes.requests).toHaveLength(1);
    expect(chat.session.variables).toMatchObject({ result: null, status: null });
  });

  it('evaluates its branch conditions on success before the default', async () => {
    const fakes = fakePorts({ respond: () => json(200, { state: 'lost' }) });
    const flow = apiFlow();
    const call = flow.byId.get('call') as ApiNode;
    call.next = [
      { id: 2, node: 'lost', condition: { en: 'result.state == "lost"' } },
      { id: 0, node: 'ok' },
    ];
    const lost = node('basic', 'lost', { entries: [text('Sorry, lost')] });
    const withLost = flowOf([...flow.nodes, lost]);
    expect(contents(await conversation(withLost, fakes, session()).send('go'))).toEqual(['Sorry, lost']);
  });

  it('shows the result when asked', async () => {
    const fakes = fakePorts({
      respond: () => ({ status: 200, contentType: 'text/plain', body: 'plain answer' }),
    });
    const replies = await conversation(apiFlow({ showResult: true }), fakes, session()).send('go');
    expect(replies[0]).toMatchObject({ type: 'api', content: 'plain answer', status: 200 });
  });

  it('keeps a JSON body valid whatever the guest typed', async () => {
    const fakes = fakePorts();
    const flow = apiFlow(
      { body: '{"name": "${{name}}", "age": ${{age}}, "tags": ${{tags}}, "none": ${{nothing}}}' },
      {
        method: 'post',
      },
    );
    const s = session();
    Object.assign(s.variables, { name: 'Ada "the" \\ Countess', age: 36, tags: ['a'] });
    await conversation(flow, fakes, s).send('go');
    const sent = fakes.requests[0] as HttpRequest;
    expect(sent.method).toBe('POST');
    expect(sent.body?.kind).toBe('json');
    const body = sent.body?.kind === 'json' ? JSON.parse(sent.body.text) : null;
    expect(body).toEqual({ name: 'Ada "the" \\ Countess', age: 36, tags: ['a'], none: null });
  });

  it('sends form data with text rows and a file variable', async () => {
    const fakes = fakePorts();
    const flow = apiFlow(
      {},
      {
        method: 'put',
        bodyType: 'form-data',
        data: [
          { name: 'who', value: '${{query}}', type: 'text' },
          { name: 'cv', value: '${{doc}}', type: 'file' },
        ],
      },
    );
    const s = session();
    s.variables.doc = {
      name: 'cv.pdf',
      url: 'http://x/uploads/chat/f.pdf',
      type: 'application/pdf',
      size: 12,
    };
    await conversation(flow, fakes, s).send('go');
    const body = fakes.requests[0].body;
    expect(body?.kind).toBe('form');
    if (body?.kind !== 'form') return;
    expect(body.form.get('who')).toBe('a b&c');
    const file = body.form.get('cv') as File;
    expect(file.name).toBe('cv.pdf');
    expect(await file.text()).toBe('%PDF-1.4 file');
  });

  it('falls back to the stored success target when no slot is linked', async () => {
    const fakes = fakePorts({ respond: () => json(201, { state: 'new' }) });
    const flow = apiFlow();
    const call = flow.byId.get('call') as ApiNode;
    call.next = [{ id: 0, node: null }];
    call.store = { ...call.store, successTarget: 'ok' };
    expect(contents(await conversation(flowOf([...flow.nodes]), fakes, session()).send('go'))).toEqual([
      'Status 201: new',
    ]);
  });
});
