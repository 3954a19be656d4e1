// POST /api/content/{botId}/clone, or /api/content/flow_template/{name}/clone?bot_id= for a node
// of a flow template (spec 2 §7).
import { api } from '../../../api/client';
import type { Answer } from '../../../core/api/common';
import type { ContentClonedAnswer } from '../../../core/api/content';
import type { ClonedElement } from './content-clone';

export interface CloneScope {
  botId: number;
  /** The flow template on the board, or null for the main flow. */
  template: string | null;
}

export function clonePath(scope: CloneScope): string {
  if (scope.template === null) return `/api/content/${scope.botId}/clone`;
  return `/api/content/flow_template/${encodeURIComponent(scope.template)}/clone?bot_id=${scope.botId}`;
}

/** Clones the elements of `ids`; throws with the server's words when it refuses. */
export async function cloneContent(scope: CloneScope, ids: readonly string[]): Promise<ClonedElement[]> {
  const answer = await api<Answer<ContentClonedAnswer>>(clonePath(scope), {
    method: 'POST',
    body: { ids: [...ids] },
  });
  if (!answer.success) throw new Error(answer.message || 'Unable to copy the node content');
  return answer.elements ?? [];
}
