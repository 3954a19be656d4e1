// The flow-template node: runs the named template's flow; when that flow ends, the conversation
// comes back here and follows this node's branches (step keeps the return stack). A template that
// is missing or empty is skipped.
import type { FlowTemplateNode } from '../../../src/core/flow/index.js';
import type { NodeHandler } from '../turn.js';

export const flowTemplateNode: NodeHandler<FlowTemplateNode> = {
  async enter(node, turn) {
    const flow = node.templateName ? await turn.ports.flows.template(node.templateName) : null;
    if (!flow?.start) return turn.branch(node);
    return { kind: 'template', flow };
  },
};
