// The flow and flow-template calls of spec 2 §7, one per route, typed by the contract in
// src/core/api/flow.ts. Templates are addressed per bot with ?bot_id=.
import { defineCall, type Refusal } from '../../api/define-call';
import { doneAnswer } from '../../core/api/common';
import {
  EDITOR_HEADER,
  flowAnswer,
  flowVersionAnswer,
  flowVersionsAnswer,
  problemsAnswer,
  publishAnswer,
  flowPath,
  flowVersionPath,
  publishQuery,
  publishRequest,
  templateNamePath,
  templateQuery,
  templateAnswer,
  templateCreateRequest,
  templateSaveRequest,
  type FlowProvider,
  type FlowTemplateRef,
  type FlowVersion,
  type FlowVersionAnswer,
  type FlowVersionInfo,
  type PublishAnswer,
  type PushMessageType,
} from '../../core/api/flow';
import type { FlowNode } from '../../core/flow';
import type { FlowProblem } from '../../core/validation';

const calls = {
  flow: defineCall('GET', '/api/flow/:botId', { params: flowPath, response: flowAnswer }),
  publish: defineCall('POST', '/api/flow/:botId', {
    params: flowPath,
    query: publishQuery,
    request: publishRequest,
    response: publishAnswer,
    encoding: 'json',
  }),
  template: defineCall('GET', '/api/flow_template/:name', {
    params: templateNamePath,
    query: templateQuery,
    response: templateAnswer,
  }),
  createTemplate: defineCall('POST', '/api/flow_template', {
    query: templateQuery,
    request: templateCreateRequest,
    response: templateAnswer,
    encoding: 'json',
  }),
  saveTemplate: defineCall('PUT', '/api/flow_template', {
    query: templateQuery,
    request: templateSaveRequest,
    response: templateAnswer,
    encoding: 'json',
  }),
  deleteTemplate: defineCall('DELETE', '/api/flow_template/:name', {
    params: templateNamePath,
    query: templateQuery,
    response: doneAnswer,
  }),
  versions: defineCall('GET', '/api/flow/:botId/versions', {
    params: flowPath,
    response: flowVersionsAnswer,
  }),
  version: defineCall('GET', '/api/flow/:botId/versions/:version', {
    params: flowVersionPath,
    response: flowVersionAnswer,
  }),
};

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

function checked<T extends { success: true }>(answer: T | Refusal, fallback: string): T {
  if (!answer.success) throw new FlowCallError(answer.message || fallback);
  return answer;
}

export async function fetchFlow(botId: number): Promise<LoadedFlow> {
  const answer = checked(await calls.flow({ params: { botId } }), 'Unable to load the flow');
  return {
    nodes: answer.flow.nodes,
    templates: answer.flow_templates,
    providers: answer.providers,
    pushMessageTypes: answer.push_message_types,
    version: answer.version,
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
  const answer = await calls.publish({
    params: { botId },
    body: allowInvalid ? { nodes: [...nodes], allow_invalid: true } : { nodes: [...nodes] },
    headers: {
      [EDITOR_HEADER]: EDITOR_TAB,
      ...(version === null ? {} : { 'If-Match': String(version) }),
    },
  });
  if (!answer.success) {
    // The status tells a version conflict (409) and a flow with problems (422) from other failures.
    const fallback = answer.status === 409 ? CONFLICT_MESSAGE : 'Unable to publish the flow';
    const refused = answer.status === 422 ? problemsAnswer.safeParse(answer.body) : null;
    const problems = refused?.success ? refused.data.problems : [];
    throw new FlowCallError(answer.message || fallback, answer.status === 409, problems);
  }
  return { nodes: answer.nodes, version: answer.version, translation: answer.translation ?? null };
}

export async function fetchTemplate(botId: number, name: string): Promise<FlowNode[]> {
  const answer = checked(
    await calls.template({ params: { name }, query: { bot_id: botId } }),
    'Unable to load the template',
  );
  return answer.flow_template.nodes;
}

export async function createTemplate(botId: number, name: string): Promise<FlowTemplateRef> {
  const answer = checked(
    await calls.createTemplate({ query: { bot_id: botId }, body: { flow_name: name } }),
    'Unable to add the template',
  );
  return { id: answer.flow_template.id ?? 0, name: answer.flow_template.name };
}

export async function saveTemplate(
  botId: number,
  name: string,
  nodes: readonly FlowNode[],
): Promise<FlowNode[] | null> {
  const answer = checked(
    await calls.saveTemplate({ query: { bot_id: botId }, body: { flow_name: name, nodes: [...nodes] } }),
    'Unable to save the template',
  );
  return answer.flow_template.nodes;
}

export async function deleteTemplate(botId: number, name: string): Promise<void> {
  checked(
    await calls.deleteTemplate({ params: { name }, query: { bot_id: botId } }),
    'Unable to delete the template',
  );
}

/** Every published version of the main flow, newest first (issue 20 §4). */
export async function fetchVersions(botId: number): Promise<FlowVersionInfo[]> {
  return checked(await calls.versions({ params: { botId } }), 'Unable to load the version history').versions;
}

/** One published version with its nodes. */
export async function fetchVersion(botId: number, version: number): Promise<FlowVersionAnswer> {
  return checked(await calls.version({ params: { botId, version } }), 'Unable to load this version');
}
