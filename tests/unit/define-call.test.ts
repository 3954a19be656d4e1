import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/api/client';
import { callPath, defineCall, readAnswer } from '../../src/api/define-call';

const answer = z.object({ success: z.boolean(), count: z.number() });

describe('callPath', () => {
  it('fills each parameter encoded and appends the query', () => {
    expect(callPath('/api/content/:botId/clone', { botId: 12 })).toBe('/api/content/12/clone');
    expect(callPath('/api/content/flow_template/:name/clone', { name: 'Sign up' }, { bot_id: 12 })).toBe(
      '/api/content/flow_template/Sign%20up/clone?bot_id=12',
    );
    expect(callPath('/api/verify-user/:user_id/:token', { user_id: 'a/b', token: 't' })).toBe(
      '/api/verify-user/a%2Fb/t',
    );
  });

  it('leaves out query values that are undefined, and refuses a missing parameter', () => {
    expect(callPath('/api/bot', {}, { a: undefined, b: 'x y' })).toBe('/api/bot?b=x%20y');
    expect(() => callPath('/api/bot/:id')).toThrow('/api/bot/:id needs id');
  });
});

describe('readAnswer', () => {
  it('answers a success parsed by the contract (unknown fields dropped)', () => {
    expect(readAnswer('GET /x', answer, 200, { success: true, count: 3, secret: 'no' })).toEqual({
      success: true,
      count: 3,
    });
  });

  it('answers a refusal with the message, key, status and body', () => {
    const body = { success: false, message: 'name is required', key: 'name' };
    expect(readAnswer('POST /x', answer, 400, body)).toEqual({ ...body, status: 400, body });
    // A failure status without our answer shape (a proxy's page as JSON) is a refusal too.
    expect(readAnswer('POST /x', answer, 502, { error: 'Bad gateway' })).toMatchObject({
      success: false,
      message: '',
      status: 502,
    });
  });

  it('throws when a success breaks the contract, naming the field', () => {
    expect(() => readAnswer('GET /x', answer, 200, { success: true, count: 'three' })).toThrow(ApiError);
    expect(() => readAnswer('GET /x', answer, 200, { success: true, count: 'three' })).toThrow('(count)');
  });
});

describe('defineCall', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the body as a form, or as JSON, to the filled path', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, count: 1 })));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', { getItem: () => null, removeItem: () => undefined });
    const form = defineCall('PUT', '/api/bot/:id', {
      request: z.object({ tags: z.array(z.string()) }),
      response: answer,
    });
    const json = defineCall('POST', '/api/x', {
      request: z.object({ ids: z.array(z.string()) }),
      response: answer,
      encoding: 'json',
    });

    expect(await form({ params: { id: 4 }, body: { tags: ['a', 'b'] } })).toEqual({
      success: true,
      count: 1,
    });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/bot/4');
    expect((init.body as FormData).get('tags')).toBe('a,b');

    await json({ body: { ids: ['1'] } });
    const [, sent] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(sent.body).toBe('{"ids":["1"]}');
    expect((sent.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
