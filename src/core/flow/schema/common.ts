import { z } from 'zod';

// Shapes shared by every node type (spec 2 §3 "Flow node (common)", "Outgoing link", "Branch").
// Every object is loose: a key this version does not know (an older editor's field, a server
// annotation) is kept and sent back unchanged, so publishing never loses what an author saved.

/** Node ids are strings everywhere (board, worker, server) so a Map keyed by id never mixes 1 and '1'. */
export const nodeIdSchema = z.string().min(1);
export type NodeId = z.infer<typeof nodeIdSchema>;

/** A link target: a node id, or null when the slot is not linked. */
export const targetSchema = nodeIdSchema.nullable();

/** Text kept per language code ("en", "fr", …); the default language code is en. */
export const langTextSchema = z.record(z.string(), z.string());
export type LangText = z.infer<typeof langTextSchema>;

/** A branch condition: the English text is the one evaluated (spec 2 §3 Branch). */
export const conditionSchema = z.looseObject({ en: z.string() });

/** A choice's option in one language: its label (saved as name, or label) and its keywords. */
export const optionTextSchema = z.looseObject({
  name: z.string().optional(),
  label: z.string().optional(),
  alt: z.array(z.string()).optional(),
});
export type OptionText = z.infer<typeof optionTextSchema>;

/**
 * An outgoing slot ("next" item): where the flow goes from this node. Its id is unique within the
 * node; the failure slot of api and device-permission nodes has id 1 and is always last.
 */
export const slotSchema = z.looseObject({
  id: z.number().int(),
  node: targetSchema,
  condition: conditionSchema.optional(),
  onFailure: z.boolean().optional(),
  option: z.record(z.string(), optionTextSchema).optional(),
  isValid: z.boolean().optional(),
  isNew: z.boolean().optional(),
});
export type Slot = z.infer<typeof slotSchema>;

/** The fields every node has, whatever its type. */
export const nodeBaseShape = {
  id: nodeIdSchema,
  name: z.string(),
  x: z.number(),
  y: z.number(),
  next: z.array(slotSchema),
  /** The input port record as the editor saved it; incoming links are derived from other nodes' next. */
  input: z.unknown().optional(),
  isNew: z.boolean().optional(),
};

/** Lists of knowledge sources an ai or realtime-ai node may draw on (ids, then the records). */
const resourceIdSchema = z.union([z.string(), z.number()]);
export const nlpResourceIdsSchema = z.looseObject({
  files: z.array(resourceIdSchema),
  links: z.array(resourceIdSchema),
  videos: z.array(resourceIdSchema),
});
export const nlpResourcesSchema = z.looseObject({
  files: z.array(z.looseObject({ id: resourceIdSchema, filename: z.string().optional() })),
  links: z.array(z.looseObject({ id: resourceIdSchema, url: z.string().optional() })),
  videos: z.array(z.looseObject({ id: resourceIdSchema })),
});
