// Spec 3 §4 "Call": the chat schedules a call with the call provider, polls it every 2 s (a
// failed fetch is tried 3 times, 1 s apart), and once a participant is active makes sure someone
// holds the host role — promoting an active participant when the host is not active — and then
// hands the call to the host page. Ending posts a stop request; the chat then sends CALL_ENDED.
// The provider is reached through a port, so the sequence is unit-tested without a network.
import { CALL_FETCH_RETRIES, CALL_POLL_MS, CALL_RETRY_DELAY_MS, WIDGET_TEXTS } from './constants';
import type { ReplyOf } from './replies';

/** Participant roles of the provider's call API (other roles are not used here). */
export const HOST_ROLE_ID = 1;
export const AGENT_ROLE_ID = 2;

export interface CallParticipant {
  role_id: number;
  last_active_time: string | number | null;
  is_active: boolean | number;
  account_profile_id: string | number;
}

export interface ScheduledCall {
  callId: string;
  joinCode: string;
}

export interface CallProviderPort {
  schedule(body: Record<string, unknown>): Promise<unknown>;
  fetchCall(callId: string): Promise<unknown>;
  promote(callId: string, participant: CallParticipant): Promise<unknown>;
  stop(callId: string): Promise<unknown>;
}

export class CallProblem extends Error {}

/** Spec 3 §8: the provider answers an errors list; items with key client carry the guest's message. */
export function providerError(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const client = errors.find((e) => (e as { key?: unknown })?.key === 'client') as
    { message?: unknown } | undefined;
  return typeof client?.message === 'string' ? client.message : WIDGET_TEXTS.callMisconfigured;
}

export type CallStep =
  { kind: 'wait' } | { kind: 'promote'; participant: CallParticipant } | { kind: 'ready' };

const active = (p: CallParticipant) => p.is_active === true || p.is_active === 1;

/** What to do with the call's participants as last fetched. */
export function nextCallStep(participants: readonly CallParticipant[]): CallStep {
  const present = participants.filter(active);
  if (!present.length) return { kind: 'wait' };
  if (present.some((p) => p.role_id === HOST_ROLE_ID)) return { kind: 'ready' };
  const agent = present.find((p) => p.role_id === AGENT_ROLE_ID) ?? present[0];
  return { kind: 'promote', participant: agent };
}

/**
 * The body of POST /api/call/schedule (spec 3 §7 "Call provider backend"). access_token stays
 * null here: the chat never holds the provider's token; the server's relay fills it in (and the
 * provider and endpoint, from its own records) on the way to the provider.
 */
export function scheduleBody(reply: ReplyOf<'call'>, now: Date, timeZone: string): Record<string, unknown> {
  return {
    provider: reply.provider?.id,
    access_token: null,
    subject: reply.callInfo.subject,
    description: reply.callInfo.description,
    caller_name: reply.callInfo.callerName,
    all_agents_automatically: true,
    endpoint: reply.provider?.endpoint,
    profile_id: reply.provider?.profile_id,
    schedule_date: now.toISOString(),
    allow_join_without_host: true,
    record_call: false,
    time_zone: timeZone,
    show_email_on_invite: false,
  };
}

export interface CallRunOptions {
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  signal: AbortSignal;
  now?: () => Date;
  timeZone?: string;
  /** The provider accepted the call (from now on, ending it must post a stop). */
  onScheduled?(call: ScheduledCall): void;
}

/** Schedules the call and polls until it is ready for the host page; throws CallProblem. */
export async function prepareCall(
  reply: ReplyOf<'call'>,
  port: CallProviderPort,
  options: CallRunOptions,
): Promise<ScheduledCall | null> {
  const { sleep, signal } = options;
  if (!reply.provider?.endpoint) throw new CallProblem(WIDGET_TEXTS.callMisconfigured);
  const scheduled = await port
    .schedule(scheduleBody(reply, options.now?.() ?? new Date(), options.timeZone ?? 'UTC'))
    .catch(() => null);
  const problem = providerError(scheduled);
  if (problem) throw new CallProblem(problem);
  const record = scheduled as { mre_call_id?: unknown; id?: unknown; join_code?: unknown } | null;
  const callId = String(record?.mre_call_id ?? record?.id ?? '');
  if (!callId) throw new CallProblem(WIDGET_TEXTS.callMisconfigured);
  const call = { callId, joinCode: String(record?.join_code ?? '') };
  options.onScheduled?.(call);

  while (!signal.aborted) {
    await sleep(CALL_POLL_MS, signal);
    if (signal.aborted) break;
    const participants = await fetchParticipants(port, callId, options);
    const step = nextCallStep(participants);
    if (step.kind === 'wait') continue;
    if (step.kind === 'promote') await port.promote(callId, step.participant);
    return call;
  }
  return null;
}

async function fetchParticipants(
  port: CallProviderPort,
  callId: string,
  { sleep, signal }: CallRunOptions,
): Promise<CallParticipant[]> {
  // The first try, then up to CALL_FETCH_RETRIES more.
  for (let attempt = 1; ; attempt++) {
    try {
      const body = (await port.fetchCall(callId)) as { participants?: unknown } | null;
      if (providerError(body)) throw new Error('provider error');
      return Array.isArray(body?.participants) ? (body.participants as CallParticipant[]) : [];
    } catch {
      if (attempt > CALL_FETCH_RETRIES || signal.aborted)
        throw new CallProblem(WIDGET_TEXTS.callMisconfigured);
      await sleep(CALL_RETRY_DELAY_MS, signal);
    }
  }
}
