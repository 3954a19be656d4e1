// The flow and flow-template calls of spec 2 §7. Templates are addressed per bot with ?bot_id=.
import { api, type ApiResult } from '../../api/client';
import { getAccessToken } from '../../api/storage';
import type { Answer } from '../../core/api/common';
import {
  EDITOR_HEADER,
  type FlowVersionAnswer,
  type FlowVersionInfo,
  type FlowAnswer,
  type FlowProvider,
  type FlowTemplateRef,
  type FlowVersion,
  type ProblemsAnswer,
  type PublishAnswer,
  type PushMessageType,
  type TemplateAnswer,
} from '../../core/api/flow';
import type { FlowNode } from '../../core/flow';
import type { FlowProblem } from '../../core/validation';

export const MAIN_FLOW = 'main';

/** Shown when a 409 comes without a message of its own. */
export const CONFLICT_MESSAGE =
  'This flow was published from somewhere else since you opened it. Reload the page to see that version.';

export type { FlowTemplateRef, FlowVersion, FlowVersionInfo, PushMessageType };

/**
 * This editor tab, as its publishes name it (issue 20 §7): the events stream then tells this
 * tab's own publishes from another author's.
 */
export const EDITOR_TAB = `tab-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
export type Provider = FlowProvider;

export interface LoadedFlow {
  nodes: FlowNode[];
  templates: FlowTemplateRef[];
  providers: Provider[];
  pushMessageTypes: PushMessageType[];
  version: FlowVersion | null;
}

/** A publish as the client reads it: the success answer, or the 422 with the flow's problems. */
type PublishResult = Answer<PublishAnswer> & Partial<Pick<ProblemsAnswer, 'problems'>>;

export type PublishTranslation = NonNullable<PublishAnswer['translation']>;

/**
 * A failed call, carrying the server's message, whether it was a version conflict, and the flow's
 * problems when the server refused to publish a flow that has some (422).
 */
export class FlowCallError extends Error {
  constructor(
    message: string,
    readonly conflict = false,
    readonly problems: readonly FlowProblem[] = [],
  ) {
    super(message);
  }
}

function checked<T extends ApiResult>(answer: T, fallback: string): T {
  if (!answer.success) throw new FlowCallError(answer.message || fallback);
  return answer;
}

const templatePath = (botId: number, name?: string) =>
  `/api/flow_template${name === undefined ? '' : `/${encodeURIComponent(name)}`}?bot_id=${botId}`;

export async function fetchFlow(botId: number): Promise<LoadedFlow> {
  const answer = checked(await api<Answer<FlowAnswer>>(`/api/flow/${botId}`), 'Unable to load the flow');
  return {
    nodes: answer.flow?.nodes ?? [],
    templates: answer.flow_templates ?? [],
    providers: answer.providers ?? [],
    pushMessageTypes: answer.push_message_types ?? [],
    version: answer.version ?? null,
  };
}

/**
 * Publishes the main flow from `version`. The server answers 409 when someone published in
 * between; that comes back as a FlowCallError with `conflict` set and nothing is overwritten. A
 * flow with problems is refused (422, the error carries them) unless `allowInvalid`: the author
 * chose to publish anyway.
 */
export async function publishFlow(
  botId: number,
  nodes: readonly FlowNode[],
  version: FlowVersion | null,
  { allowInvalid = false }: { allowInvalid?: boolean } = {},
): Promise<{
  nodes: FlowNode[] | null;
  version: FlowVersion | null;
  translation: PublishTranslation | null;
}> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (version !== null) headers['If-Match'] = String(version);
  headers[EDITOR_HEADER] = EDITOR_TAB;
  // fetch rather than api(): the status tells a version conflict (409) from other failures.
  const response = await fetch(`/api/flow/${botId}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(allowInvalid ? { nodes, allow_invalid: true } : { nodes }),
  });
  const answer = (await response.json().catch(() => null)) as PublishResult | null;
  if (!response.ok || !answer?.success) {
    const fallback = response.status === 409 ? CONFLICT_MESSAGE : 'Unable to publish the flow';
    const problems = response.status === 422 && Array.isArray(answer?.problems) ? answer.problems : [];
    throw new FlowCallError(answer?.message || fallback, response.status === 409, problems);
  }
  return {
    nodes: answer.nodes ?? null,
    version: answer.version ?? null,
    translation: answer.translation ?? null,
  };
}

export async function fetchTemplate(botId: number, name: string): Promise<FlowNode[]> {
  const answer = checked(
    await api<Answer<TemplateAnswer>>(templatePath(botId, name)),
    'Unable to load the template',
  );
  return answer.flow_template?.nodes ?? [];
}

export async function createTemplate(botId: number, name: string): Promise<FlowTemplateRef> {
  const answer = checked(
    await api<Answer<TemplateAnswer>>(templatePath(botId), { method: 'POST', body: { flow_name: name } }),
    'Unable to add the template',
  );
  return { id: answer.flow_template?.id ?? 0, name: answer.flow_template?.name ?? name };
}

export async function saveTemplate(
  botId: number,
  name: string,
  nodes: readonly FlowNode[],
): Promise<FlowNode[] | null> {
  const answer = checked(
    await api<Answer<TemplateAnswer>>(templatePath(botId), {
      method: 'PUT',
      body: { flow_name: name, nodes },
    }),
    'Unable to save the template',
  );
  return answer.flow_template?.nodes ?? null;
}

export async function deleteTemplate(botId: number, name: string): Promise<void> {
  checked(await api(templatePath(botId, name), { method: 'DELETE' }), 'Unable to delete the template');
}

/** Every published version of the main flow, newest first (issue 20 §4). */
export async function fetchVersions(botId: number): Promise<FlowVersionInfo[]> {
  const answer = checked(
    await api<Answer<{ versions: FlowVersionInfo[] }>>(`/api/flow/${botId}/versions`),
    'Unable to load the version history',
  );
  return answer.versions ?? [];
}

/** One published version with its nodes. */
export async function fetchVersion(botId: number, version: number): Promise<FlowVersionAnswer> {
  const answer = checked(
    await api<Answer<FlowVersionAnswer>>(`/api/flow/${botId}/versions/${version}`),
    'Unable to load this version',
  );
  return answer as FlowVersionAnswer;
}
