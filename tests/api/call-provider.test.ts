// The call provider, configured as an operator does (CALL_PROVIDER_ENDPOINT, CALL_PROVIDER_TOKEN,
// PROVIDERS_FILE with access_token), and the relay the widget reaches it through
// (/api/call-provider/{guestId}/…, spec 3 §7 "Call provider backend"): only for a guest waiting
// at a call node, only the call API, always with the provider's bearer token, which never comes
// back to the browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_ID } from '../../src/core/constants.js';
import { CALL_ENDED } from '../../src/core/widget/replies.js';
import { scheduleBody } from '../../src/core/widget/call.js';
import { findProvider, seedProviders } from '../../server/repos/providers.js';
import { startFakeCallProvider, type FakeCallProvider } from '../fixtures/fake-call-provider.js';
import {
  chatTest,
  guest,
  link,
  node,
  publish,
  request,
  text,
  type ChatTest,
  type Loose,
} from './chat-support.js';

const TOKEN = 'secret-call-token-7f3a';
let fake: FakeCallProvider;
let c: ChatTest;

beforeAll(async () => {
  fake = await startFakeCallProvider({ token: TOKEN });
  c = await chatTest({ callProviderEndpoint: fake.baseUrl, callProviderToken: TOKEN });
  await publish(c, [
    link(node('basic', 'intro', { entries: [text('Let me find an agent.')] }), 'agent'),
    link(
      node('call', 'agent', {
        message: { en: 'Connecting you to an agent.' },
        providerId: DEFAULT_PROVIDER_ID,
        callerName: 'Guest',
        subject: { en: 'Order help' },
        description: { en: 'From the API test' },
      }),
      'after',
    ),
    node('basic', 'after', { entries: [text('Thanks for calling!')] }),
  ]);
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

/** A guest of the bot, now waiting at the call node; answers the guest and the call reply. */
async function guestAtCall() {
  const g = guest(c);
  const replies = await g.say('Hello', { ignore_saving: '1' });
  const call = replies.find((r) => r.type === 'call') as Loose;
  return { g, call };
}

const relay = (guestId: string, apiPath: string, init: RequestInit = {}) =>
  request(c.base, `/api/call-provider/${guestId}/${apiPath}`, init);
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the call reply', () => {
  it('names the built-in provider with its configured endpoint, never its token', async () => {
    const { call } = await guestAtCall();
    expect(call.provider).toEqual({
      id: DEFAULT_PROVIDER_ID,
      name: 'BotFlow Calls',
      endpoint: fake.baseUrl,
      profile_id: null,
    });
    expect(JSON.stringify(call)).not.toContain(TOKEN);
  });
});

describe('the call-provider relay', () => {
  it('places a whole call with the bearer on every request and the token in the schedule', async () => {
    const { g, call } = await guestAtCall();
    const before = fake.requests.length;
    const scheduled = await relay(
      g.id,
      'api/call/schedule',
      post(scheduleBody(call as never, new Date(), 'UTC')),
    );
    expect(scheduled.status).toBe(200);
    const callId = scheduled.body.mre_call_id as string;
    expect(scheduled.body.join_code).toBe(`JOIN-${callId}`);

    const first = await relay(g.id, `api/call/${callId}?providerId=ignored&participants=1`);
    expect(first.status).toBe(200);
    const second = await relay(g.id, `api/call/${callId}?participants=1`);
    const agent = (second.body.participants as Loose[]).find((p) => p.is_active);
    expect(agent).toMatchObject({ role_id: 2, account_profile_id: 'agent-7' });
    expect((await relay(g.id, `api/call/${callId}/promoteparticipant`, post(agent))).status).toBe(200);
    expect((await relay(g.id, `api/call/${callId}/stop`, post({}))).status).toBe(200);

    const sent = fake.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/call/schedule',
      `GET /api/call/${callId}?providerId=${DEFAULT_PROVIDER_ID}&participants=1`,
      `GET /api/call/${callId}?providerId=${DEFAULT_PROVIDER_ID}&participants=1`,
      `POST /api/call/${callId}/promoteparticipant`,
      `POST /api/call/${callId}/stop`,
    ]);
    for (const r of sent) expect(r.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fake.calls.get(callId)).toMatchObject({
      stopped: true,
      promoted: [{ role_id: 2, account_profile_id: 'agent-7' }],
      scheduled: {
        provider: DEFAULT_PROVIDER_ID,
        access_token: TOKEN,
        endpoint: fake.baseUrl,
        subject: 'Order help',
        description: 'From the API test',
        caller_name: 'Guest',
      },
    });
  });

  it('fills the provider and endpoint from its records, whatever the browser sent', async () => {
    const { g } = await guestAtCall();
    const res = await relay(
      g.id,
      'api/call/schedule',
      post({
        provider: 'someone-else',
        endpoint: 'http://evil.example',
        access_token: 'guess',
        subject: 'x',
      }),
    );
    expect(res.status).toBe(200);
    expect(fake.calls.get(res.body.mre_call_id as string)?.scheduled).toMatchObject({
      provider: DEFAULT_PROVIDER_ID,
      endpoint: fake.baseUrl,
      access_token: TOKEN,
    });
  });

  it('never sends the token back, even when the provider echoes it', async () => {
    const { g } = await guestAtCall();
    const res = await relay(g.id, 'api/call/schedule', post({ subject: `about ${TOKEN}` }));
    expect(res.status).toBe(200);
    // The fake answers the subject as scheduled, which held the token: it is cut out.
    expect(res.body.subject).toBe('about ');
    const fetched = await relay(g.id, `api/call/${res.body.mre_call_id}?participants=1`);
    expect(JSON.stringify(fetched.body)).not.toContain(TOKEN);
  });

  it('refuses a guest that is not waiting at a call node, and an unknown guest', async () => {
    const { g } = await guestAtCall();
    await g.say(CALL_ENDED);
    const before = fake.requests.length;
    const past = await relay(g.id, 'api/call/schedule', post({}));
    expect(past).toMatchObject({
      status: 409,
      body: { success: false, message: expect.stringMatching(/not waiting at a call node/) },
    });
    const unknown = await relay('no-such-guest', 'api/call/schedule', post({}));
    expect(unknown.status).toBe(404);
    expect(fake.requests.length).toBe(before);
  });

  it('passes only the call API of spec 3 §7', async () => {
    const { g } = await guestAtCall();
    const before = fake.requests.length;
    for (const [method, apiPath] of [
      ['GET', 'api/call/schedule'],
      ['POST', 'api/accounts'],
      ['DELETE', 'api/call/call-1'],
      ['GET', 'api/call/call-1/stop'],
      ['POST', 'api/call/../admin'],
      ['GET', '_fake/log'],
    ]) {
      const res = await relay(g.id, apiPath, method === 'POST' ? post({}) : { method });
      expect([method, apiPath, res.status]).toEqual([method, apiPath, 404]);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('says the configuration issue when the provider has no endpoint', async () => {
    const bare = await chatTest();
    try {
      await publish(bare, [
        node('call', 'agent', { providerId: DEFAULT_PROVIDER_ID, message: { en: 'Hold on.' } }),
      ]);
      const g = guest(bare);
      await g.say('Hello', { ignore_saving: '1' });
      const res = await request(bare.base, `/api/call-provider/${g.id}/api/call/schedule`, post({}));
      expect(res).toMatchObject({ status: 503, body: { errors: [{ key: 'client' }] } });
    } finally {
      await bare.t.close();
    }
  });
});

describe('provider seeding', () => {
  it('reads access_token from PROVIDERS_FILE and keeps stored values the source leaves null', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'providers-'));
    const file = path.join(dir, 'providers.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        {
          mre_call_provider_id: 'acme',
          name: 'Acme',
          endpoint: 'https://calls.acme.test',
          access_token: 'acme-1',
        },
      ]),
    );
    const db = c.t.app.db;
    await seedProviders(db, { providersFile: file });
    expect(await findProvider(db, 'acme')).toMatchObject({
      endpoint: 'https://calls.acme.test',
      access_token: 'acme-1',
    });

    // An operator edits the token in the data; the file names none: the edit survives a restart.
    await db
      .updateTable('providers')
      .set({ access_token: 'acme-2' })
      .where('mre_call_provider_id', '=', 'acme')
      .execute();
    fs.writeFileSync(file, JSON.stringify([{ mre_call_provider_id: 'acme', name: 'Acme Calls' }]));
    await seedProviders(db, { providersFile: file });
    expect(await findProvider(db, 'acme')).toMatchObject({
      name: 'Acme Calls',
      endpoint: 'https://calls.acme.test',
      access_token: 'acme-2',
    });

    // The built-in provider without CALL_PROVIDER_* keeps the endpoint and token it has.
    await seedProviders(db, { providersFile: '' });
    expect(await findProvider(db, DEFAULT_PROVIDER_ID)).toMatchObject({
      endpoint: fake.baseUrl,
      access_token: TOKEN,
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never lists a provider token publicly', async () => {
    const res = await request(c.base, '/api/providers');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    expect(res.body[0]).not.toHaveProperty('access_token');
  });
});
