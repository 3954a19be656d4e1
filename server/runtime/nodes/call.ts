// The call node (spec 3 §4 Call): the waiting message, then the widget places the call with the
// provider and the call details; the flow goes on when the widget reports CALL_ENDED. The wait
// state names the provider: the relay (server/routes/call-provider) forwards the widget's call
// requests to that provider, with its bearer token, only while the guest waits here.
import type { CallNode } from '../../../src/core/flow/index.js';
import { CALL_ENDED } from '../replies.js';
import { wait, type NodeHandler } from '../turn.js';

export const callNode: NodeHandler<CallNode> = {
  async enter(node, turn) {
    const providerId = node.providerId === null ? '' : String(node.providerId);
    const provider = providerId ? await turn.ports.providers.find(providerId) : null;
    turn.say({
      type: 'call',
      content: turn.text(node.message),
      provider,
      callInfo: {
        callerName: turn.fill(node.callerName),
        subject: turn.text(node.subject),
        description: turn.text(node.description),
      },
    });
    return wait({ kind: 'call', providerId: provider?.id ?? null });
  },
  resume(node, state, input, turn) {
    return input.text.trim() === CALL_ENDED ? turn.branch(node) : wait(state);
  },
};
