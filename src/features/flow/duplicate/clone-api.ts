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

/**
 * Clones the elements of `ids` into `scope`; throws with the server's words when it refuses.
 * `from`: where the elements are, when that is another bot or flow (a paste, issue 20 §3).
 */
export async function cloneContent(
  scope: CloneScope,
  ids: readonly string[],
  from?: CloneScope,
): Promise<ClonedElement[]> {
  const source = from && { from_bot_id: from.botId, from_template: from.template };
  const answer = await api<Answer<ContentClonedAnswer>>(clonePath(scope), {
    method: 'POST',
    body: { ids: [...ids], ...source },
  });
  if (!answer.success) throw new Error(answer.message || 'Unable to copy the node content');
  return answer.elements ?? [];
}
