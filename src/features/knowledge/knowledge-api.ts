// The Knowledge page's calls (spec 3 §7 Knowledge service, served by BotFlow itself), one typed
// call per route: lists, add file / link / video, delete, retry, pasted transcripts, retrieval
// search, knowledge gaps, and the link preview that titles link cards.
import { getAccessToken } from '../../api/storage';
import { defineCall, readAnswer, type Refusal } from '../../api/define-call';
import { fetchKnowledgeList } from '../../api/knowledge-lists';
import {
  fileSavedAnswer,
  gapsAnswer,
  itemDeletedAnswer,
  itemRetriedAnswer,
  knowledgeItemPath,
  linkSavedAnswer,
  processLinkRequest,
  processVideoRequest,
  searchAnswer,
  searchRequest,
  transcriptRequest,
  videoSavedAnswer,
  type KnowledgeGap,
  type KnowledgeItem,
  type SearchAnswer,
  type SearchRequest,
} from '../../core/api/knowledge';
import { linkPreviewAnswer, linkPreviewRequest } from '../../core/api/linkpreview';
import { z } from 'zod';

export type TabKind = 'files' | 'links' | 'videos';
export type ItemKind = 'file' | 'link' | 'video';
export const ITEM_KIND: Record<TabKind, ItemKind> = { files: 'file', links: 'link', videos: 'video' };

export interface Language {
  id: number;
  code: string;
  name: string;
}

export interface KnowledgeList {
  languages: Language[];
  items: KnowledgeItem[];
}

const calls = {
  addLink: defineCall('POST', '/api/process-link', {
    request: processLinkRequest,
    response: linkSavedAnswer,
  }),
  addVideo: defineCall('POST', '/api/process-video', {
    request: processVideoRequest,
    response: videoSavedAnswer,
  }),
  // One route per kind on the server (spec 3 §7: /api/file|link|video/{customer_id}/{id}).
  remove: {
    file: defineCall('DELETE', '/api/file/:customerId/:id', {
      params: knowledgeItemPath,
      response: itemDeletedAnswer,
    }),
    link: defineCall('DELETE', '/api/link/:customerId/:id', {
      params: knowledgeItemPath,
      response: itemDeletedAnswer,
    }),
    video: defineCall('DELETE', '/api/video/:customerId/:id', {
      params: knowledgeItemPath,
      response: itemDeletedAnswer,
    }),
  },
  retry: {
    file: defineCall('POST', '/api/file/:customerId/:id/retry', {
      params: knowledgeItemPath,
      response: itemRetriedAnswer,
    }),
    link: defineCall('POST', '/api/link/:customerId/:id/retry', {
      params: knowledgeItemPath,
      response: itemRetriedAnswer,
    }),
    video: defineCall('POST', '/api/video/:customerId/:id/retry', {
      params: knowledgeItemPath,
      response: itemRetriedAnswer,
    }),
  },
  transcript: defineCall('POST', '/api/video/:customerId/:id/transcript', {
    params: knowledgeItemPath,
    request: transcriptRequest,
    response: itemRetriedAnswer,
    encoding: 'json',
  }),
  search: defineCall('POST', '/api/knowledge/search', {
    request: searchRequest,
    response: searchAnswer,
    encoding: 'json',
  }),
  gaps: defineCall('GET', '/api/knowledge/gaps', { response: gapsAnswer }),
  preview: defineCall('POST', '/api/linkpreview', {
    request: linkPreviewRequest,
    response: linkPreviewAnswer,
    encoding: 'json',
  }),
};

/** The answer when it succeeded; a refusal becomes an error with the server's words. */
function accepted<T extends { success: boolean }>(
  answer: (T & { success: true }) | Refusal,
  fallback: string,
) {
  if (!answer.success) throw new Error(answer.message || fallback);
  return answer;
}

export async function fetchList(kind: TabKind, customerId: number | null): Promise<KnowledgeList> {
  const { languages, items } = await fetchKnowledgeList(kind, customerId);
  return { languages, items: items as KnowledgeItem[] };
}

/**
 * POST /api/process-file with upload progress (fetch cannot report it), read against the same
 * contract as every other call: the saved file, or a refusal with the server's message.
 */
export function uploadFile(form: FormData, onProgress: (fraction: number) => void) {
  return new Promise<z.output<typeof fileSavedAnswer> | Refusal>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/process-file');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    const refused = (message: string): Refusal => ({
      success: false,
      message,
      status: xhr.status,
      body: null,
    });
    xhr.onload = () => {
      try {
        const data: unknown = JSON.parse(xhr.responseText);
        resolve(readAnswer('POST /api/process-file', fileSavedAnswer, xhr.status, data));
      } catch (error) {
        resolve(
          refused(
            error instanceof SyntaxError ? `The server answered ${xhr.status}` : (error as Error).message,
          ),
        );
      }
    };
    xhr.onerror = () => resolve(refused('The upload failed'));
    xhr.send(form);
  });
}

export const addLink = (body: z.input<typeof processLinkRequest>) => calls.addLink({ body });
export const addVideo = (body: z.input<typeof processVideoRequest>) => calls.addVideo({ body });

export async function deleteItem(kind: ItemKind, customerId: number, id: number): Promise<void> {
  accepted(await calls.remove[kind]({ params: { customerId, id } }), 'Unable to delete the item');
}

export async function retryItem(kind: ItemKind, customerId: number, id: number): Promise<void> {
  accepted(await calls.retry[kind]({ params: { customerId, id } }), 'Unable to process the item again');
}

export async function pasteTranscript(customerId: number, id: number, transcript: string): Promise<void> {
  accepted(
    await calls.transcript({ params: { customerId, id }, body: { transcript } }),
    'Unable to add the transcript',
  );
}

export async function searchKnowledge(request: SearchRequest): Promise<SearchAnswer> {
  return accepted(await calls.search({ body: request }), 'Unable to search');
}

export async function fetchGaps(): Promise<KnowledgeGap[]> {
  return accepted(await calls.gaps(), 'Unable to load the unanswered questions').gaps;
}

/** Spec 3 §8: the link preview's failure text. */
export const LINK_PREVIEW_FAILED = 'Unable to update the selected bot';

/** Page titles of the links by address (POST /api/linkpreview, spec 2 §7). */
export async function previewTitles(urls: string[]): Promise<Record<string, string>> {
  if (!urls.length) return {};
  let answer;
  try {
    answer = await calls.preview({ body: { urls: urls.slice(0, 20) } });
  } catch {
    throw new Error(LINK_PREVIEW_FAILED);
  }
  if (!answer.success) throw new Error(LINK_PREVIEW_FAILED);
  const titles: Record<string, string> = {};
  for (const [url, meta] of Object.entries(answer.metadata)) if (meta?.title) titles[url] = meta.title;
  return titles;
}
