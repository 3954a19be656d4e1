// The notification node: subscribes the guest to the push message type with its template, start
// time and frequency; the notifications issue delivers them. The flow goes straight on.
import type { NotificationNode } from '../../../src/core/flow/index.js';
import type { NodeHandler } from '../turn.js';

export const notificationNode: NodeHandler<NotificationNode> = {
  enter(node, turn) {
    turn.ports.subscriptions.subscribe({
      pushMessageType: node.pushMessageType,
      template: { ...node.template },
      startAt: node.startAt,
      frequency: Math.max(1, node.frequency),
      language: turn.language,
    });
    return turn.branch(node);
  },
};
