// POST /api/content/{botId}/clone, or /api/content/flow_template/{name}/clone?bot_id= for a node
// of a flow template (spec 2 §7).
import { defineCall } from '../../../api/define-call';
import { cloneRequest, contentClonedAnswer, contentPath, contentQuery } from '../../../core/api/content';
import type { ClonedElement } from './content-clone';

export interface CloneScope {
  botId: number;
  /** The flow template on the board, or null for the main flow. */
  template: string | null;
}

const clone = {
  params: contentPath,
  query: contentQuery,
  request: cloneRequest,
  response: contentClonedAnswer,
  encoding: 'json',
} as const;
const calls = {
  ofBot: defineCall('POST', '/api/content/:botId/clone', clone),
  ofTemplate: defineCall('POST', '/api/content/flow_template/:name/clone', clone),
};

/**
 * Clones the elements of `ids` into `scope`; throws with the server's words when it refuses.
 * `from`: where the elements are, when that is another bot or flow (a paste, issue 20 §3).
 */
export async function cloneContent(
  scope: CloneScope,
  ids: readonly string[],
  from?: CloneScope,
): Promise<ClonedElement[]> {
  const body = { ids: [...ids], ...(from && { from_bot_id: from.botId, from_template: from.template }) };
  const answer =
    scope.template === null
      ? await calls.ofBot({ params: { botId: scope.botId }, body })
      : await calls.ofTemplate({ params: { name: scope.template }, query: { bot_id: scope.botId }, body });
  if (!answer.success) throw new Error(answer.message || 'Unable to copy the node content');
  return answer.elements;
}
