import { describe, expect, it } from 'vitest';
import {
  AGENT_ROLE_ID,
  CallProblem,
  HOST_ROLE_ID,
  nextCallStep,
  prepareCall,
  providerError,
  type CallParticipant,
  type CallProviderPort,
} from '../../src/core/widget/call';
import { WIDGET_TEXTS } from '../../src/core/widget/constants';
import type { ReplyOf } from '../../src/core/widget/replies';

// Spec 3 §4 "Call" over a scripted provider; sleeps are recorded, not waited.
const reply: ReplyOf<'call'> = {
  type: 'call',
  content: 'Connecting you…',
  provider: { id: 'acme', name: 'Acme', endpoint: 'https://calls.example', profile_id: 'p1' },
  callInfo: { callerName: 'Guest', subject: 'Help', description: 'Order 42' },
};

const person = (role_id: number, is_active: boolean): CallParticipant => ({
  role_id,
  is_active,
  last_active_time: null,
  account_profile_id: `p-${role_id}`,
});

function scripted(
  polls: (CallParticipant[] | Error)[],
  schedule: unknown = { mre_call_id: 'c1', join_code: 'J1' },
) {
  const log: string[] = [];
  const port: CallProviderPort = {
    schedule: async (body) => (log.push(`schedule ${JSON.stringify(body.subject)}`), schedule),
    fetchCall: async (id) => {
      const next = polls.shift() ?? [];
      log.push(`fetch ${id}`);
      if (next instanceof Error) throw next;
      return { participants: next };
    },
    promote: async (id, p) => void log.push(`promote ${id} ${p.account_profile_id}`),
    stop: async (id) => void log.push(`stop ${id}`),
  };
  const sleeps: number[] = [];
  const options = {
    signal: new AbortController().signal,
    sleep: async (ms: number) => void sleeps.push(ms),
  };
  return { port, log, sleeps, options };
}

describe('nextCallStep', () => {
  it('waits until someone is active, promotes an active agent when no host is active, then is ready', () => {
    expect(nextCallStep([person(HOST_ROLE_ID, false), person(AGENT_ROLE_ID, false)])).toEqual({
      kind: 'wait',
    });
    expect(nextCallStep([person(HOST_ROLE_ID, false), person(AGENT_ROLE_ID, true)])).toEqual({
      kind: 'promote',
      participant: person(AGENT_ROLE_ID, true),
    });
    expect(nextCallStep([person(HOST_ROLE_ID, true), person(AGENT_ROLE_ID, true)])).toEqual({
      kind: 'ready',
    });
  });
});

describe('providerError', () => {
  it('gives the message of the client error, the configuration message otherwise, null without errors', () => {
    expect(
      providerError({
        errors: [
          { key: 'server', message: 'x' },
          { key: 'client', message: 'No agents' },
        ],
      }),
    ).toBe('No agents');
    expect(providerError({ errors: [{ key: 'server', message: 'boom' }] })).toBe(
      WIDGET_TEXTS.callMisconfigured,
    );
    expect(providerError({ mre_call_id: 'c1' })).toBeNull();
  });
});

describe('prepareCall', () => {
  it('schedules, polls every 2 s until an agent is active, promotes them and answers the call', async () => {
    const { port, log, sleeps, options } = scripted([
      [person(HOST_ROLE_ID, false)],
      [person(HOST_ROLE_ID, false), person(AGENT_ROLE_ID, true)],
    ]);
    const call = await prepareCall(reply, port, options);
    expect(call).toEqual({ callId: 'c1', joinCode: 'J1' });
    expect(log).toEqual(['schedule "Help"', 'fetch c1', 'fetch c1', 'promote c1 p-2']);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('tries a failed poll 3 more times, 1 s apart, then gives up with the configuration message', async () => {
    const failure = new Error('network');
    const { port, log, sleeps, options } = scripted([failure, failure, failure, failure]);
    await expect(prepareCall(reply, port, options)).rejects.toThrow(
      new CallProblem(WIDGET_TEXTS.callMisconfigured),
    );
    expect(log.filter((l) => l.startsWith('fetch'))).toHaveLength(4);
    expect(sleeps).toEqual([2000, 1000, 1000, 1000]);
  });

  it('recovers when a retry succeeds', async () => {
    const { port, options } = scripted([new Error('network'), [person(HOST_ROLE_ID, true)]]);
    await expect(prepareCall(reply, port, options)).resolves.toEqual({ callId: 'c1', joinCode: 'J1' });
  });

  it('refuses a provider without endpoint, and says what the provider said', async () => {
    const { port, options } = scripted([]);
    await expect(prepareCall({ ...reply, provider: null }, port, options)).rejects.toThrow(
      WIDGET_TEXTS.callMisconfigured,
    );
    const refusing = scripted([], { errors: [{ key: 'client', message: 'No agent is available' }] });
    await expect(prepareCall(reply, refusing.port, refusing.options)).rejects.toThrow(
      'No agent is available',
    );
  });

  it('stops polling when aborted', async () => {
    const controller = new AbortController();
    const { port, log } = scripted([[], [], []]);
    const sleep = async () => {
      if (log.length >= 2) controller.abort();
    };
    await expect(prepareCall(reply, port, { signal: controller.signal, sleep })).resolves.toBeNull();
    expect(log).toEqual(['schedule "Help"', 'fetch c1']);
  });
});
