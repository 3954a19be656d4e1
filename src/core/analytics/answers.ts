// The answers a session collected (its variables: typed inputs, wizard forms) as the results
// export shows them. A password never leaves: every value held under a name a flow asks as a
// password (a password variable, a wizard's password field, at any depth of a stored form) is
// replaced by asterisks before anything is written for analytics.
import type { FlowNode } from '../flow';

export const MASK = '********';

/** The names that hold passwords in these nodes. */
export function secretNames(nodes: readonly FlowNode[]): Set<string> {
  const names = new Set<string>();
  for (const node of nodes) {
    if (node.type === 'basic') {
      for (const entry of node.entries)
        if (entry.type === 'variable' && entry.variableType === 'password' && entry.name)
          names.add(entry.name);
    } else if (node.type === 'wizard') {
      for (const field of node.wizard.fields)
        if (field.type === 'password' && field.attr) names.add(field.attr);
    }
  }
  return names;
}

/** A copy of `value` with every key in `secrets` masked, at any depth. */
export function maskAnswers(value: unknown, secrets: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => maskAnswers(item, secrets));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = secrets.has(key) ? MASK : maskAnswers(item, secrets);
  }
  return out;
}
