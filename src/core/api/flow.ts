// The contract of the flow routes: /api/flow/:botId and /api/flow_template (spec 2 §7, spec 3 §7).
import { z } from 'zod';
import { flowNodeSchema } from '../flow/schema/nodes';
import type { FlowNode } from '../flow';
import { idField, jsonField, missingAsEmpty } from './fields';
import { contentElement } from './content';

/** Every saved flow carries a version; it is also the ETag. */
export const flowVersion = z.number();
export type FlowVersion = z.infer<typeof flowVersion>;

export const flowTemplateRef = z.object({ id: z.number(), name: z.string() });
export type FlowTemplateRef = z.infer<typeof flowTemplateRef>;

/**
 * A push message type (spec 2 §3) and, when the operator's PUSH_MESSAGE_SOURCES names one, the JSON
 * source whose fields fill its placeholders — shown without query or credentials (an API key).
 */
export const pushMessageType = z.object({
  code: z.string(),
  label: z.string(),
  source: z.string().nullable(),
});
export type PushMessageType = z.infer<typeof pushMessageType>;

/** A call provider a call node can use; its access token is never sent. */
export const flowProvider = z.object({
  id: z.string(),
  name: z.string(),
  mre_call_provider_id: z.string(),
  endpoint: z.string().nullable(),
  profile_id: z.string().nullable(),
  access_token: z.null(),
});
export type FlowProvider = z.infer<typeof flowProvider>;

/** GET /api/flow/:botId: the main flow with what the editor needs beside it. */
export const flowAnswer = z.object({
  success: z.boolean(),
  flow: z.object({ name: z.string(), nodes: z.array(flowNodeSchema) }),
  flow_templates: z.array(flowTemplateRef),
  providers: z.array(flowProvider),
  push_message_types: z.array(pushMessageType),
  version: flowVersion,
});
export type FlowAnswer = z.infer<typeof flowAnswer>;

/** POST /api/flow/:botId */
export const publishAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  nodes: z.array(flowNodeSchema),
  version: flowVersion,
  /** With the bot's "Translate flow content" on: whether the missing texts were translated. */
  translation: z
    .object({ done: z.boolean(), message: z.string(), languages: z.array(z.string()) })
    .optional(),
});
export type PublishAnswer = z.infer<typeof publishAnswer>;

/** One thing wrong with one node, as the 422 of a publish lists it. */
export const flowProblem = z.object({
  node_id: z.string(),
  node_name: z.string(),
  field: z.string(),
  message: z.string(),
});

/** 422 of POST /api/flow/:botId: the flow is well formed but not ready. */
export const problemsAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  problems: z.array(flowProblem),
});
export type ProblemsAnswer = z.infer<typeof problemsAnswer>;

/** POST, GET and PUT /api/flow_template… (PUT answers no id; GET adds the template's content). */
export const templateAnswer = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  flow_template: z.object({
    id: z.number().nullable().optional(),
    name: z.string(),
    nodes: z.array(flowNodeSchema),
  }),
  content: z.array(contentElement).optional(),
  version: flowVersion,
});
export type TemplateAnswer = z.infer<typeof templateAnswer>;

// Requests: the server registers these schemas (server/routes/flow) and the editor's calls are typed
// by them. Nodes pass as they come: the graph check (server/repos/flow-nodes.ts) words their problems.

/** /api/flow/:botId… */
export const flowPath = z.object({ botId: idField('botId') });

/** GET /api/flow/:botId/versions/:version */
export const flowVersionPath = z.object({ botId: idField('botId'), version: idField('version') });

/** Publish a flow with problems anyway: `true`, or the text a query string or form field carries. */
const allowInvalidField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');

/** POST /api/flow/:botId?allow_invalid= */
export const publishQuery = z.object({ allow_invalid: allowInvalidField });

const publishFields = z.object({ nodes: jsonField<FlowNode[]>(), allow_invalid: allowInvalidField });

/**
 * POST /api/flow/:botId (with If-Match: the version it was loaded at): `{ nodes, allow_invalid? }`,
 * or the bare node array spec 2 §7 describes (which says `allow_invalid` in the query string).
 */
export const publishRequest = z.preprocess(
  (body) => (Array.isArray(body) ? { nodes: body } : (body ?? {})),
  publishFields,
) as unknown as z.ZodType<z.output<typeof publishFields>, z.input<typeof publishFields>>;

const withBot = { bot_id: idField('bot_id').optional() };

/** /api/flow_template…?bot_id= */
export const templateQuery = z.object(withBot);

/** /api/flow_template/:name */
export const templateNamePath = z.object({ name: z.string() });

/** POST /api/flow_template?bot_id= (the bot may come in the body instead) */
export const templateCreateRequest = missingAsEmpty(z.object({ flow_name: z.string(), ...withBot }));

/** PUT /api/flow_template?bot_id= */
export const templateSaveRequest = missingAsEmpty(
  z.object({ flow_name: z.string(), nodes: jsonField<FlowNode[]>(), ...withBot }),
);

/** One publish of the main flow (issue 20 §4), as the History panel lists it. */
export const flowVersionInfo = z.object({
  version: flowVersion,
  created_at: z.number(),
  author_id: z.number().nullable(),
  /** Empty for versions published before history was kept. */
  author_name: z.string(),
  /** Nodes added, removed, changed and moved against the version before. */
  summary: z.object({ added: z.number(), removed: z.number(), changed: z.number(), moved: z.number() }),
  /** The editor tab that published it, so that tab can tell its own publishes from another author's. */
  editor: z.string().nullable(),
});
export type FlowVersionInfo = z.infer<typeof flowVersionInfo>;

/** GET /api/flow/:botId/versions: newest first. */
export const flowVersionsAnswer = z.object({ success: z.boolean(), versions: z.array(flowVersionInfo) });

/** GET /api/flow/:botId/versions/:version: one version with its nodes. */
export const flowVersionAnswer = z.object({
  success: z.boolean(),
  version: flowVersionInfo,
  nodes: z.array(flowNodeSchema),
});
export type FlowVersionAnswer = z.infer<typeof flowVersionAnswer>;

/** The header a publish names its editor tab with (a random id per opened editor). */
export const EDITOR_HEADER = 'x-botflow-editor';
