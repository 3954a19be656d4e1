import { z } from 'zod';
import { basicFieldsShape } from './basic';
import {
  langTextSchema,
  nlpResourceIdsSchema,
  nlpResourcesSchema,
  nodeBaseShape,
  targetSchema,
} from './common';

// One schema per node type (spec 2 §3). The checks here are structural — the right keys with the
// right types — so a half-edited node still round-trips; the per-type rules of spec 2 §5 (non-empty
// name, valid URL, …) belong to validateNode.

export const HTTP_METHODS = ['get', 'post', 'put', 'delete'] as const;
export const BODY_TYPES = ['json', 'form-data'] as const;
/** Spec 2 §3 form-field types, in the editor's order; datetime comes from the entity list. */
export const WIZARD_FIELD_TYPES = [
  'text',
  'number',
  'email',
  'password',
  'date',
  'time',
  'url',
  'phone',
  'bool',
  'options',
  'datetime',
] as const;
export type WizardFieldType = (typeof WIZARD_FIELD_TYPES)[number];

const nameValueSchema = z.looseObject({ name: z.string(), value: z.string() });
const formRowSchema = z.looseObject({ name: z.string(), value: z.string(), type: z.enum(['text', 'file']) });

const node = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.looseObject({ ...nodeBaseShape, type: z.literal(type), ...shape });

export const basicNodeSchema = node('basic', basicFieldsShape);

export const choiceNodeSchema = node('choice', { message: langTextSchema });

export const apiNodeSchema = node('api', {
  api: z.looseObject({
    method: z.enum(HTTP_METHODS),
    url: z.string(),
    bodyType: z.enum(BODY_TYPES),
    data: z.array(formRowSchema),
    retries: z.number().int().min(0),
    retryDelay: z.number().min(0),
  }),
  headers: z.array(nameValueSchema),
  params: z.array(nameValueSchema),
  body: z.string(),
  showResult: z.boolean(),
  store: z.looseObject({
    name: z.string(),
    statusCodeVariable: z.string(),
    successTarget: targetSchema,
    failureTarget: targetSchema,
  }),
});

const wizardFieldSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  type: z.enum(WIZARD_FIELD_TYPES),
  attr: z.string(),
  feedback: langTextSchema,
  fieldIcon: z.string().optional(),
  required: z.boolean().optional(),
  options: z
    .array(z.looseObject({ id: z.union([z.string(), z.number()]), label: langTextSchema, value: z.string() }))
    .optional(),
  booleans: z.looseObject({ onTrue: langTextSchema, onFalse: langTextSchema }).optional(),
});

export const wizardNodeSchema = node('wizard', {
  wizard: z.looseObject({
    iterations: z.number().int(),
    offsite: z.number(),
    fields: z.array(wizardFieldSchema),
  }),
  store: z.looseObject({ name: z.string() }),
});

export const aiNodeSchema = node('ai', {
  prompt: langTextSchema,
  message: langTextSchema,
  systemInstructions: langTextSchema,
  waitForUserQuery: z.boolean(),
  showMessage: z.boolean(),
  useNLPResources: z.boolean(),
  NLPResources: nlpResourceIdsSchema,
  resources: nlpResourcesSchema,
  hideAIResponse: z.boolean(),
  AIResponseVariable: z.string(),
  expectJSONReply: z.boolean(),
  realtimeMode: z.boolean(),
});

export const realtimeAiNodeSchema = node('realtime-ai', {
  prompt: langTextSchema,
  hideAIResponse: z.boolean(),
  useNLPResources: z.boolean(),
  NLPResources: nlpResourceIdsSchema,
  resources: nlpResourcesSchema,
  waitForUserInteraction: z.boolean(),
});

export const callNodeSchema = node('call', {
  message: langTextSchema,
  providerId: z.union([z.string(), z.number()]).nullable(),
  callerName: z.string(),
  subject: langTextSchema,
  description: langTextSchema,
});

export const languageChangerNodeSchema = node('language-changer', {
  language: z.number().int(),
  rememberPreference: z.boolean(),
});

export const devicePermissionNodeSchema = node('device-permission', {
  request: z.literal('geolocation'),
  latName: z.string(),
  longName: z.string(),
});

export const notificationNodeSchema = node('notification', {
  pushMessageType: z.string(),
  template: langTextSchema,
  startAt: z.string(),
  frequency: z.number(),
});

export const flowTemplateNodeSchema = node('flow-template', { templateName: z.string() });

// The dynamic node is shown but not edited: its fields are carried through exactly as saved.
export const dynamicNodeSchema = node('dynamic', {
  loader: z.unknown().optional(),
  attrName: z.unknown().optional(),
  attrValue: z.unknown().optional(),
  start: z.unknown().optional(),
  max: z.unknown().optional(),
  listener: z.unknown().optional(),
});

/** Any node; a `type` outside the list is refused. */
export const flowNodeSchema = z.discriminatedUnion('type', [
  basicNodeSchema,
  choiceNodeSchema,
  apiNodeSchema,
  wizardNodeSchema,
  aiNodeSchema,
  realtimeAiNodeSchema,
  callNodeSchema,
  languageChangerNodeSchema,
  devicePermissionNodeSchema,
  notificationNodeSchema,
  flowTemplateNodeSchema,
  dynamicNodeSchema,
]);

export type FlowNode = z.infer<typeof flowNodeSchema>;
export type NodeType = FlowNode['type'];
export type NodeOfType<T extends NodeType> = Extract<FlowNode, { type: T }>;
export type BasicNode = NodeOfType<'basic'>;
export type ChoiceNode = NodeOfType<'choice'>;
export type ApiNode = NodeOfType<'api'>;
export type WizardNode = NodeOfType<'wizard'>;
export type AiNode = NodeOfType<'ai'>;
export type RealtimeAiNode = NodeOfType<'realtime-ai'>;
export type CallNode = NodeOfType<'call'>;
export type LanguageChangerNode = NodeOfType<'language-changer'>;
export type DevicePermissionNode = NodeOfType<'device-permission'>;
export type NotificationNode = NodeOfType<'notification'>;
export type FlowTemplateNode = NodeOfType<'flow-template'>;
export type DynamicNode = NodeOfType<'dynamic'>;
