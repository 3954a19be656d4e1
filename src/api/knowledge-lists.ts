// The three knowledge lists (spec 3 §7: GET /api/files, /api/links, /api/videos), one typed call
// each, shared by the Knowledge page and the AI node editor's knowledge tabs.
import { defineCall } from './define-call';
import {
  filesAnswer,
  knowledgeListQuery,
  linksAnswer,
  videosAnswer,
  type KnowledgeFile,
  type KnowledgeLink,
  type KnowledgeVideo,
} from '../core/api/knowledge';

const calls = {
  files: defineCall('GET', '/api/files', { query: knowledgeListQuery, response: filesAnswer }),
  links: defineCall('GET', '/api/links', { query: knowledgeListQuery, response: linksAnswer }),
  videos: defineCall('GET', '/api/videos', { query: knowledgeListQuery, response: videosAnswer }),
};

export type KnowledgeListKind = keyof typeof calls;

interface ListItems {
  files: KnowledgeFile[];
  links: KnowledgeLink[];
  videos: KnowledgeVideo[];
}

/** One list without the items marked deleted (spec 3 §4), with the customer's languages. */
export async function fetchKnowledgeList<Kind extends KnowledgeListKind>(
  kind: Kind,
  customerId: number | string | null,
) {
  const answer = await calls[kind]({ query: { customer_id: customerId ?? undefined } });
  if (!answer.success) throw new Error(answer.message || `Unable to load the ${kind}`);
  const all = (
    'files' in answer ? answer.files : 'links' in answer ? answer.links : answer.videos
  ) as ListItems[Kind];
  const items = all.filter((item) => !item.is_deleted) as ListItems[Kind];
  return { languages: answer.languages, items };
}
