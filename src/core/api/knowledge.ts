// The contract of the knowledge lists an ai or realtime-ai node may draw on (spec 3 §7: GET
// /api/files, /api/links, /api/videos). No route serves them yet: the knowledge issue adds them,
// to this contract. Items are read leniently: the spec names several spellings of a title.
import { z } from 'zod';

export const knowledgeItem = z.object({
  id: z.union([z.string(), z.number()]),
  filename: z.string().optional(),
  name: z.string().optional(),
  file_type: z.string().optional(),
  url: z.string().optional(),
  link: z.string().optional(),
  metadata: z.object({ title: z.string().optional() }).optional(),
  is_deleted: z.union([z.boolean(), z.number()]).optional(),
});
export type KnowledgeListItem = z.infer<typeof knowledgeItem>;

/** GET /api/files */
export const filesAnswer = z.object({ success: z.boolean(), files: z.array(knowledgeItem) });
/** GET /api/links */
export const linksAnswer = z.object({ success: z.boolean(), links: z.array(knowledgeItem) });
/** GET /api/videos */
export const videosAnswer = z.object({ success: z.boolean(), videos: z.array(knowledgeItem) });
