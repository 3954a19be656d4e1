// Conditions on a node's outgoing slots (spec 2 §3 Branch): evaluated in order over the session's
// variables; the first true one whose slot is linked wins, and the default branch (the slot
// without a condition, kept last by the editor) is taken otherwise. Failure slots are not
// branches: api and device-permission nodes follow them only on failure.
import { evaluateCondition, isTruthy } from '../../src/core/condition/index.js';
import type { Slot } from '../../src/core/flow/index.js';

export function chooseBranch(
  slots: readonly Slot[],
  scope: Readonly<Record<string, unknown>>,
): string | null {
  let fallback: Slot | undefined;
  for (const slot of slots) {
    if (slot.onFailure) continue;
    const condition = slot.condition?.en?.trim();
    if (!condition) {
      fallback = slot;
      continue;
    }
    // An unlinked branch cannot be taken; a condition that does not parse evaluates to null.
    if (slot.node !== null && isTruthy(evaluateCondition(condition, scope))) return slot.node;
  }
  return fallback?.node ?? null;
}
