// The Knowledge page's calls (spec 3 §7 Knowledge service, served by BotFlow itself): lists,
// add file / link / video, delete, retry, pasted transcripts, retrieval search, knowledge gaps,
// and the link preview that titles link cards.
import { api, type ApiResult } from '../../api/client';
import { getAccessToken } from '../../api/storage';
import type {
  KnowledgeFile,
  KnowledgeGap,
  KnowledgeItem,
  KnowledgeLink,
  KnowledgeVideo,
  SearchAnswer,
  SearchRequest,
} from '../../core/api/knowledge';
import type { LinkPreviewAnswer } from '../../core/api/linkpreview';

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

type ListAnswer = ApiResult & {
  languages?: Language[];
  files?: KnowledgeFile[];
  links?: KnowledgeLink[];
  videos?: KnowledgeVideo[];
};

function failed(answer: ApiResult, fallback: string): never {
  throw new Error(answer.message || fallback);
}

export async function fetchList(kind: TabKind, customerId: number | null): Promise<KnowledgeList> {
  const query = customerId === null ? '' : `?customer_id=${customerId}`;
  const answer = await api<ListAnswer>(`/api/${kind}${query}`);
  if (!answer.success) failed(answer, `Unable to load the ${kind}`);
  // Spec 3 §4: items marked deleted are dropped from lists.
  const items = ((answer[kind] ?? []) as KnowledgeItem[]).filter((item) => !item.is_deleted);
  return { languages: answer.languages ?? [], items };
}

/**
 * POST /api/process-file with upload progress (fetch cannot report it): resolves with the answer
 * whatever its status, so the dialog shows the server's message.
 */
export function uploadFile(form: FormData, onProgress: (fraction: number) => void): Promise<ApiResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/process-file');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as ApiResult);
      } catch {
        resolve({ success: false, message: `The server answered ${xhr.status}` });
      }
    };
    xhr.onerror = () => resolve({ success: false, message: 'The upload failed' });
    xhr.send(form);
  });
}

export const addLink = (form: FormData) => api('/api/process-link', { method: 'POST', body: form });
export const addVideo = (form: FormData) => api('/api/process-video', { method: 'POST', body: form });

export async function deleteItem(kind: ItemKind, customerId: number, id: number): Promise<void> {
  const answer = await api(`/api/${kind}/${customerId}/${id}`, { method: 'DELETE' });
  if (!answer.success) failed(answer, 'Unable to delete the item');
}

export async function retryItem(kind: ItemKind, customerId: number, id: number): Promise<void> {
  const answer = await api(`/api/${kind}/${customerId}/${id}/retry`, { method: 'POST' });
  if (!answer.success) failed(answer, 'Unable to process the item again');
}

export async function pasteTranscript(customerId: number, id: number, transcript: string): Promise<void> {
  const answer = await api(`/api/video/${customerId}/${id}/transcript`, {
    method: 'POST',
    body: { transcript },
  });
  if (!answer.success) failed(answer, 'Unable to add the transcript');
}

export async function searchKnowledge(request: SearchRequest): Promise<SearchAnswer> {
  const answer = await api<SearchAnswer & ApiResult>('/api/knowledge/search', {
    method: 'POST',
    body: request,
  });
  if (!answer.success) failed(answer, 'Unable to search');
  return answer;
}

export async function fetchGaps(): Promise<KnowledgeGap[]> {
  const answer = await api<ApiResult & { gaps?: KnowledgeGap[] }>('/api/knowledge/gaps');
  if (!answer.success) failed(answer, 'Unable to load the unanswered questions');
  return answer.gaps ?? [];
}

/** Spec 3 §8: the link preview's failure text. */
export const LINK_PREVIEW_FAILED = 'Unable to update the selected bot';

/** Page titles of the links by address (POST /api/linkpreview, spec 2 §7). */
export async function previewTitles(urls: string[]): Promise<Record<string, string>> {
  if (!urls.length) return {};
  const answer = await api<LinkPreviewAnswer & ApiResult>('/api/linkpreview', {
    method: 'POST',
    body: { urls: urls.slice(0, 20) },
  });
  if (!answer.success) throw new Error(LINK_PREVIEW_FAILED);
  const titles: Record<string, string> = {};
  for (const [url, meta] of Object.entries(answer.metadata)) if (meta?.title) titles[url] = meta.title;
  return titles;
}
