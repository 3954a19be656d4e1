import type { FlowNode, NodeId, NodeOfType, NodeType } from '../flow/schema';
import { checkConditions } from './conditions';
import { checkAiNode, checkRealtimeAiNode } from './nodes/ai';
import { checkApiNode } from './nodes/api';
import { checkBasicNode } from './nodes/basic';
import { checkCallNode } from './nodes/call';
import { checkChoiceNode } from './nodes/choice';
import { checkDevicePermissionNode } from './nodes/device-permission';
import { checkFlowTemplateNode } from './nodes/flow-template';
import { checkLanguageChangerNode } from './nodes/language-changer';
import { checkNotificationNode } from './nodes/notification';
import { checkWizardNode } from './nodes/wizard';
import { isBlank } from './text';
import type { Check, Problem, ValidationContext } from './types';

const CHECKS: { [T in NodeType]: Check<NodeOfType<T>> | null } = {
  basic: checkBasicNode,
  choice: checkChoiceNode,
  api: checkApiNode,
  wizard: checkWizardNode,
  ai: checkAiNode,
  'realtime-ai': checkRealtimeAiNode,
  call: checkCallNode,
  'language-changer': checkLanguageChangerNode,
  'device-permission': checkDevicePermissionNode,
  notification: checkNotificationNode,
  'flow-template': checkFlowTemplateNode,
  // Shown on the board but not edited in a form: its fields are free.
  dynamic: null,
};

/**
 * Everything wrong with one node under spec 2 §5, in field order; an empty list means Confirm
 * may save it. Pure and cheap: the worker runs it on every node an edit touched.
 */
export function validateNode(node: FlowNode, context: ValidationContext): Problem[] {
  const problems: Problem[] = [];
  // Every type needs a name except flow-template, which is named by the template it runs.
  if (node.type !== 'flow-template' && isBlank(node.name)) {
    problems.push({ field: 'name', message: 'Name is required' });
  }
  const check = CHECKS[node.type] as Check<FlowNode> | null | undefined;
  check?.(node, context, problems);
  checkConditions(node, problems);
  return problems;
}

/** The problems of every node that has any, by node id (nodes without problems are left out). */
export function validateFlow(nodes: Iterable<FlowNode>, context: ValidationContext): Map<NodeId, Problem[]> {
  const result = new Map<NodeId, Problem[]>();
  for (const node of nodes) {
    const problems = validateNode(node, context);
    if (problems.length > 0) result.set(node.id, problems);
  }
  return result;
}
