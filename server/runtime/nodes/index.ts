// Every node type's handler, by type. The dynamic node has no behaviour of its own in the spec:
// the conversation passes through it along its branches.
import type { FlowNode, NodeType } from '../../../src/core/flow/index.js';
import type { NodeHandler } from '../turn.js';
import { aiNode } from './ai.js';
import { apiNode } from './api.js';
import { basicNode } from './basic.js';
import { callNode } from './call.js';
import { choiceNode } from './choice.js';
import { devicePermissionNode } from './device-permission.js';
import { flowTemplateNode } from './flow-template.js';
import { languageChangerNode } from './language-changer.js';
import { notificationNode } from './notification.js';
import { realtimeAiNode } from './realtime-ai.js';
import { wizardNode } from './wizard.js';

const passThrough: NodeHandler = { enter: (node, turn) => turn.branch(node) };

const HANDLERS: { [T in NodeType]: NodeHandler<Extract<FlowNode, { type: T }>> } = {
  basic: basicNode,
  choice: choiceNode,
  api: apiNode,
  wizard: wizardNode,
  ai: aiNode,
  'realtime-ai': realtimeAiNode,
  call: callNode,
  'language-changer': languageChangerNode,
  'device-permission': devicePermissionNode,
  notification: notificationNode,
  'flow-template': flowTemplateNode,
  dynamic: passThrough,
};

export function handlerFor(node: FlowNode): NodeHandler {
  return (HANDLERS[node.type] as NodeHandler | undefined) ?? passThrough;
}
