import type { FlowTemplateNode } from '../../flow/schema';
import type { Check } from '../types';
import { isBlank } from '../text';

/** Spec 2 §5 flow-template: it runs a template that exists (it needs no name of its own). */
export const checkFlowTemplateNode: Check<FlowTemplateNode> = (node, context, problems) => {
  if (isBlank(node.templateName)) {
    problems.push({ field: 'templateName', message: 'Choose a flow template' });
  } else if (!context.templateNames.includes(node.templateName)) {
    problems.push({ field: 'templateName', message: `Unknown flow template "${node.templateName}"` });
  }
};
