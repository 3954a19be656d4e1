// A call with a human agent, inside the embedded widget: the provider's call API (src/core/
// widget/call.ts has the sequence), reached through the server's relay, which adds the provider's
// bearer token and the schedule's access_token (the chat never sees them). Once the call is ready the
// host page gets runAgentInstantCall with the join details; the call ends when the guest presses
// End call or the host page sends `call` with { action: 'end' }.
import { CallProblem, prepareCall, type CallProviderPort } from '../../src/core/widget/call';
import { WIDGET_TEXTS } from '../../src/core/widget/constants';
import type { ReplyOf } from '../../src/core/widget/replies';
import type { HostBridge } from './host-bridge';

export interface CallHandle {
  end(): void;
}

/** The provider's call API through the relay at `relay` (ChatClient.callRelay). */
function providerPort(relay: string, providerId: string): CallProviderPort {
  const base = relay.replace(/\/+$/, '');
  const json = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: init?.body ? { 'Content-Type': 'application/json' } : undefined,
    });
    const body = await response.json().catch(() => null);
    if (!response.ok && !body) throw new Error(`The call provider answered ${response.status}.`);
    return body;
  };
  const post = (path: string, body: unknown = {}) =>
    json(path, { method: 'POST', body: JSON.stringify(body) });
  return {
    schedule: (body) => post('/api/call/schedule', body),
    fetchCall: (id) =>
      json(`/api/call/${encodeURIComponent(id)}?providerId=${encodeURIComponent(providerId)}&participants=1`),
    promote: (id, participant) => post(`/api/call/${encodeURIComponent(id)}/promoteparticipant`, participant),
    stop: (id) => post(`/api/call/${encodeURIComponent(id)}/stop`),
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function startCall(
  reply: ReplyOf<'call'>,
  relay: string,
  bridge: HostBridge,
  events: { onProblem(text: string): void; onEnded(): void },
): CallHandle {
  const controller = new AbortController();
  const provider = reply.provider;
  const port = provider?.endpoint ? providerPort(relay, provider.id) : null;
  let callId: string | null = null;
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    controller.abort();
    offHost();
    const stop = callId && port ? port.stop(callId).catch(() => null) : Promise.resolve(null);
    bridge.send('call', { state: 'ended', callId });
    void stop.then(events.onEnded);
  };
  const offHost = bridge.on('call', (data) => {
    if ((data as { action?: unknown } | null)?.action === 'end') end();
  });

  bridge.send('call', { state: 'scheduling', callInfo: reply.callInfo });
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const onScheduled = (call: { callId: string }) => (callId = call.callId);
  prepareCall(reply, port ?? providerPort('', ''), {
    sleep,
    signal: controller.signal,
    timeZone,
    onScheduled,
  })
    .then((call) => {
      if (!call || ended) return;
      bridge.send('runAgentInstantCall', { ...call, provider: provider?.id, endpoint: provider?.endpoint });
      bridge.send('call', { state: 'ready', callId: call.callId });
    })
    .catch((error) => {
      events.onProblem(error instanceof CallProblem ? error.message : WIDGET_TEXTS.callMisconfigured);
      end();
    });
  return { end };
}
