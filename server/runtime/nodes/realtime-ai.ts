// The realtime-ai node: the widget opens a realtime voice session with the node's prompt; the
// flow goes on when the widget reports REALTIME_AI_ENDED (also sent when realtime AI cannot run
// outside the widget, spec 3 §8). Anything else the guest sends meanwhile is kept, not answered.
import type { RealtimeAiNode } from '../../../src/core/flow/index.js';
import { REALTIME_AI_ENDED } from '../replies.js';
import { wait, type NodeHandler } from '../turn.js';

export const realtimeAiNode: NodeHandler<RealtimeAiNode> = {
  enter(node, turn) {
    turn.say({
      type: 'realtime-ai',
      content: '',
      prompt: turn.text(node.prompt),
      waitForUserInteraction: node.waitForUserInteraction,
      hideAIResponse: node.hideAIResponse,
    });
    return wait({ kind: 'realtime-ai' });
  },
  resume(node, state, input, turn) {
    return input.text.trim() === REALTIME_AI_ENDED ? turn.branch(node) : wait(state);
  },
};
