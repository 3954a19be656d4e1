// The customer's knowledge sources an ai or realtime-ai node may draw on (spec 3 §7: files,
// links and videos lists). The editor only reads them; they are managed on the Knowledge
// Sources page.
import { fetchKnowledgeList, type KnowledgeListKind } from '../../api/knowledge-lists';

export type KnowledgeKind = KnowledgeListKind;

export interface KnowledgeItem {
  id: string | number;
  /** What the list shows: the file name, the link's title or address, the video's title. */
  label: string;
  /** The record kept in the node's `resources` (spec 2 §3 NLP resources). */
  record: Record<string, unknown>;
}

/** One list of knowledge items, as the node's resources keep them. */
export async function fetchKnowledge(
  kind: KnowledgeKind,
  customerId: string | number | null,
): Promise<KnowledgeItem[]> {
  switch (kind) {
    case 'files':
      return (await fetchKnowledgeList('files', customerId)).items.map((file) => ({
        id: file.id,
        label: file.filename,
        record: { id: file.id, filename: file.filename, file_type: file.file_type },
      }));
    case 'links':
      return (await fetchKnowledgeList('links', customerId)).items.map((link) => {
        const title = link.metadata.title || link.name || link.link;
        return { id: link.id, label: title, record: { id: link.id, url: link.link, metadata: { title } } };
      });
    case 'videos':
      return (await fetchKnowledgeList('videos', customerId)).items.map((video) => {
        const title = video.metadata.title || video.url;
        return { id: video.id, label: title, record: { id: video.id, metadata: { title } } };
      });
  }
}
