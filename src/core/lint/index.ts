// Issue 20 §5: flow-wide lint rules (the lint panel), run in the engine worker.
export { createFlowLint, type FlowLint, type LintOptions } from './lint-flow';
export { LINT_RULES, type LintFix, type LintIssue, type LintRuleId } from './types';
export { variablesRead, variablesSet } from './variables';
