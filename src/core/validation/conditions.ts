import { parseCondition } from '../condition';
import type { FlowNode } from '../flow/schema';
import type { Problem } from './types';
import { isBlank } from './text';

/**
 * Spec 2 §5 conditions: every conditional branch holds an expression that parses (its English
 * text is the one evaluated). The trailing default branch and the failure slot have no condition.
 * Choice nodes have no Conditions section; their slots are options.
 */
export function checkConditions(node: FlowNode, problems: Problem[]): void {
  if (node.type === 'choice') return;
  const slots = node.next ?? [];
  for (let i = 0; i < slots.length; i++) {
    const condition = slots[i].condition;
    if (!condition) continue;
    const field = `next.${i}.condition.en`;
    if (isBlank(condition.en)) {
      problems.push({ field, message: 'Condition is required' });
      continue;
    }
    const result = parseCondition(condition.en);
    if (!result.ok) problems.push({ field, message: `Invalid condition: ${result.error.message}` });
  }
}
