// The contracts of the knowledge calls (spec 3 §7 Knowledge service, issue 17 wire details):
// lists, process-file / process-link / process-video, delete, retry, search and knowledge gaps.
import { z } from 'zod';

export const KNOWLEDGE_STATUSES = ['queued', 'extracting', 'indexing', 'processed', 'failed'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];
export const KNOWLEDGE_KINDS = ['file', 'link', 'video'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

export const knowledgeLanguage = z.object({ id: z.number(), code: z.string(), name: z.string() });

/** What a recursive link's crawl did: each page indexed, each skipped and why. */
export const crawlReport = z.object({
  indexed: z.array(z.object({ url: z.string(), title: z.string() })),
  skipped: z.array(z.object({ url: z.string(), reason: z.string() })),
});
export type CrawlReport = z.infer<typeof crawlReport>;

const itemBase = {
  id: z.number(),
  name: z.string(),
  language: z.number().nullable(),
  processed: z.boolean(),
  is_deleted: z.boolean(),
  status: z.enum(KNOWLEDGE_STATUSES),
  error: z.string().optional(),
  passages: z.number(),
  updated_at: z.string(),
};

export const knowledgeFile = z.object({
  ...itemBase,
  filename: z.string(),
  file_type: z.enum(['pdf', 'txt']),
  tags: z.array(z.string()),
});
export const knowledgeLink = z.object({
  ...itemBase,
  link: z.string(),
  recursive: z.boolean(),
  metadata: z.object({ title: z.string() }),
  report: crawlReport.nullable(),
});
export const knowledgeVideo = z.object({
  ...itemBase,
  url: z.string(),
  metadata: z.object({ title: z.string() }),
  /** No captions: the author may paste the transcript (POST /api/video/{customer}/{id}/transcript). */
  needs_transcript: z.boolean(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFile>;
export type KnowledgeLink = z.infer<typeof knowledgeLink>;
export type KnowledgeVideo = z.infer<typeof knowledgeVideo>;
export type KnowledgeItem = KnowledgeFile | KnowledgeLink | KnowledgeVideo;

const languages = z.array(knowledgeLanguage);
export const filesAnswer = z.object({ success: z.literal(true), languages, files: z.array(knowledgeFile) });
export const linksAnswer = z.object({ success: z.literal(true), languages, links: z.array(knowledgeLink) });
export const videosAnswer = z.object({
  success: z.literal(true),
  languages,
  videos: z.array(knowledgeVideo),
});

export const fileSavedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  file: knowledgeFile,
});
export const linkSavedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  link: knowledgeLink,
});
export const videoSavedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  video: knowledgeVideo,
});
export const itemDeletedAnswer = z.object({ success: z.literal(true), message: z.string(), id: z.number() });
export const itemRetriedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  item: z.union([knowledgeFile, knowledgeLink, knowledgeVideo]),
});

/** Where a passage comes from, as search results and citations show it. */
export const passageSource = z.object({
  kind: z.enum(KNOWLEDGE_KINDS),
  id: z.number(),
  name: z.string(),
  url: z.string().optional(),
  page: z.number().optional(),
  heading: z.string().optional(),
});
export type PassageSource = z.infer<typeof passageSource>;

const idList = z
  .array(
    z.union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ]),
  )
  .max(500);

export const searchRequest = z.object({
  query: z.string().trim().min(1, { error: 'query is required' }).max(2000, { error: 'query is too long' }),
  language: z.string().max(8).optional(),
  sources: z
    .object({ files: idList.optional(), links: idList.optional(), videos: idList.optional() })
    .optional(),
  limit: z.number().int().min(1).max(50).optional(),
});
export type SearchRequest = z.input<typeof searchRequest>;

export const searchAnswer = z.object({
  success: z.literal(true),
  /** 'bm25', or 'hybrid' when EMBEDDINGS_MODEL is set. */
  mode: z.enum(['bm25', 'hybrid']),
  passages: z.array(
    z.object({
      text: z.string(),
      /** The passage with the query's words wrapped in <mark>, HTML-escaped otherwise. */
      snippet: z.string(),
      score: z.number(),
      source: passageSource,
    }),
  ),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const knowledgeGap = z.object({
  question: z.string(),
  count: z.number(),
  bot_id: z.number().nullable(),
  last_asked_at: z.string(),
});
export const gapsAnswer = z.object({ success: z.literal(true), gaps: z.array(knowledgeGap) });
export type KnowledgeGap = z.infer<typeof knowledgeGap>;

// Requests: see knowledge-requests.ts (the schemas the server registers).
export {
  knowledgeItemPath,
  knowledgeListQuery,
  processFileRequest,
  processLinkRequest,
  processVideoRequest,
  transcriptRequest,
} from './knowledge-requests';
