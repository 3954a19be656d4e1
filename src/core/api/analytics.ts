// The contract of the analytics routes (issue 19 §6): /api/bots/{botId}/metrics (+ /stream, SSE)
// and /api/bots/{botId}/conversations (+ .csv, + /{guestId} for a transcript). Times are epoch
// milliseconds (UTC); the app shows them in the author's time zone.
import { z } from 'zod';
import { idField } from './fields';

const epoch = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value !== '' ? Number(value) : value),
    z
      .number({ error: `${name} is invalid` })
      .int({ error: `${name} is invalid` })
      .min(0, { error: `${name} is invalid` }),
  );

const optionalText = (max: number) => z.string().max(max).optional();

export const CHANNELS = ['web', 'whatsapp', 'telegram'] as const;
/** completed: some run of the session reached an end; left: none did. */
export const OUTCOMES = ['completed', 'left'] as const;

/** The filters every analytics read shares. */
export const analyticsFilters = z.object({
  from: epoch('from').optional(),
  to: epoch('to').optional(),
  channel: z.enum(CHANNELS, { error: 'channel is invalid' }).optional(),
  language: optionalText(16),
  /** The flow version the node figures are for (default: the published one). */
  version: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number().int().min(0).optional(),
  ),
  /** main or a template's name. */
  flow: optionalText(255),
});
export type AnalyticsFilters = z.infer<typeof analyticsFilters>;

/** /api/bots/{botId}/… */
export const analyticsBotPath = z.object({ botId: idField('botId') });

/** GET /api/bots/{botId}/conversations/{guestId} */
export const transcriptPath = analyticsBotPath.extend({
  guestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'guestId is invalid' }),
});

/** GET /api/bots/{botId}/metrics/stream: no filters (an empty pick keeps the schema an object). */
export const metricsStreamQuery = analyticsFilters.pick({});

/** GET /api/bots/{botId}/metrics */
export const metricsQuery = analyticsFilters.extend({
  bucket: z.enum(['hour', 'day'], { error: 'bucket is invalid' }).default('hour'),
  /** The author's offset from UTC in minutes (east positive): days start at the author's midnight. */
  offset: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number().int().min(-900).max(900).optional(),
  ),
});
export type MetricsQuery = z.infer<typeof metricsQuery>;

const latency = z.object({ count: z.number(), p50: z.number().nullable(), p95: z.number().nullable() });
const split = z.object({ key: z.string(), conversations: z.number(), completed: z.number() });

export const nodeMetric = z.object({
  flow: z.string(),
  node: z.string(),
  visits: z.number(),
  guests: z.number(),
  left: z.number(),
  /** left / guests, 0 to 1. */
  share: z.number(),
});
export type NodeMetric = z.infer<typeof nodeMetric>;

export const metricsAnswer = z.object({
  success: z.literal(true),
  /** The range counted, in whole hours: the asked `from` rounded down to its hour, `to` up. */
  from: z.number(),
  to: z.number(),
  bucket: z.enum(['hour', 'day']),
  version: z.number(),
  versions: z.array(z.number()),
  /** The latest change seen (the live stream's stamp). */
  stamp: z.number(),
  totals: z.object({
    conversations: z.number(),
    completed: z.number(),
    completionRate: z.number(),
    fallbacks: z.number(),
    fallbackRate: z.number(),
    messagesIn: z.number(),
    messagesOut: z.number(),
  }),
  series: z.array(
    z.object({
      at: z.number(),
      conversations: z.number(),
      completed: z.number(),
      fallbacks: z.number(),
      messagesIn: z.number(),
    }),
  ),
  latency: z.object({ ai: latency, api: latency }),
  byChannel: z.array(split),
  byLanguage: z.array(split),
  nodes: z.array(nodeMetric),
  links: z.array(z.object({ from: z.string(), to: z.string(), traffic: z.number() })),
});
export type MetricsAnswer = z.infer<typeof metricsAnswer>;

/** GET /api/bots/{botId}/conversations (and .csv) */
export const conversationsQuery = analyticsFilters.extend({
  outcome: z.enum(OUTCOMES, { error: 'outcome is invalid' }).optional(),
  /** Sessions that stopped at this node, not at an end (the board's "left here" sample). */
  node: optionalText(255),
  search: optionalText(200),
  /** The `next` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,15}:[A-Za-z0-9_-]{1,64}$/, { error: 'cursor is invalid' })
    .optional(),
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number({ error: 'limit is invalid' }).int().min(1).max(500).default(50),
  ),
  /** CSV only: add each conversation's transcript. */
  transcript: z.enum(['0', '1']).optional(),
});
export type ConversationsQuery = z.infer<typeof conversationsQuery>;

export const conversationRow = z.object({
  guestId: z.string(),
  startedAt: z.number(),
  lastAt: z.number(),
  channel: z.string(),
  language: z.string(),
  version: z.number(),
  lastNode: z.string().nullable(),
  outcome: z.enum(OUTCOMES),
  fallbacks: z.number(),
  messagesIn: z.number(),
  messagesOut: z.number(),
  answers: z.record(z.string(), z.unknown()),
});
export type ConversationRow = z.infer<typeof conversationRow>;

export const conversationsAnswer = z.object({
  success: z.literal(true),
  conversations: z.array(conversationRow),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type ConversationsAnswer = z.infer<typeof conversationsAnswer>;

/** GET /api/bots/{botId}/conversations/{guestId} */
export const transcriptAnswer = z.object({
  success: z.literal(true),
  conversation: conversationRow,
  messages: z.array(
    z.looseObject({
      id: z.number(),
      type: z.string(),
      from: z.enum(['bot', 'user']),
      content: z.unknown(),
      date: z.string(),
    }),
  ),
});
export type TranscriptAnswer = z.infer<typeof transcriptAnswer>;

export const outcomeOf = (row: { completed: number }): (typeof OUTCOMES)[number] =>
  row.completed ? 'completed' : 'left';
