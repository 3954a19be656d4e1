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

/**
 * A 53-bit hash of a text (cyrb53): tells whether a session's answers changed since they were
 * last recorded without keeping them twice. A false "unchanged" needs two answers 2^-53 apart.
 */
export function textHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
