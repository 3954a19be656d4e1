// The customer's knowledge sources an ai or realtime-ai node may draw on (spec 3 §7: files,
// links and videos lists). The editor only reads them; they are managed on the Knowledge
// Sources page.
import { defineCall } from '../../api/define-call';
import { filesAnswer, linksAnswer, videosAnswer, type KnowledgeListItem } from '../../core/api/knowledge';

export type KnowledgeKind = 'files' | 'links' | 'videos';

export interface KnowledgeItem {
  id: string | number;
  /** What the list shows: the file name, the link's title or address, the video's title. */
  label: string;
  /** The record kept in the node's `resources` (spec 2 §3 NLP resources). */
  record: Record<string, unknown>;
}

const calls = {
  files: defineCall('GET', '/api/files', { response: filesAnswer }),
  links: defineCall('GET', '/api/links', { response: linksAnswer }),
  videos: defineCall('GET', '/api/videos', { response: videosAnswer }),
};

function toItem(kind: KnowledgeKind, raw: KnowledgeListItem): KnowledgeItem {
  switch (kind) {
    case 'files': {
      const filename = raw.filename ?? raw.name ?? String(raw.id);
      return { id: raw.id, label: filename, record: { id: raw.id, filename, file_type: raw.file_type } };
    }
    case 'links': {
      const url = raw.link ?? raw.url ?? '';
      const title = raw.metadata?.title || raw.name || url;
      return { id: raw.id, label: title, record: { id: raw.id, url, metadata: { title } } };
    }
    case 'videos': {
      const title = raw.metadata?.title || raw.url || String(raw.id);
      return { id: raw.id, label: title, record: { id: raw.id, metadata: { title } } };
    }
  }
}

/** One list of knowledge items; items marked deleted are left out (spec 3 §4). */
export async function fetchKnowledge(
  kind: KnowledgeKind,
  customerId: string | number | null,
): Promise<KnowledgeItem[]> {
  const query = { customer_id: customerId ?? undefined };
  const answer = await calls[kind]({ query });
  if (!answer.success) throw new Error(answer.message || `Unable to load the ${kind}`);
  // Each answer holds its own kind's list only (the contract drops any other field).
  const items = 'files' in answer ? answer.files : 'links' in answer ? answer.links : answer.videos;
  return items.filter((raw) => !raw.is_deleted).map((raw) => toItem(kind, raw));
}
