import { FAILURE_SLOT_ID, type NodeType, type Slot } from '../../../core/flow';

// The Conditions section (spec 2 §2, §4): conditional next-step branches are slots that carry a
// condition. The slots after them have none: the trailing default branch (Else / Always), and for
// api and device-permission also the failure slot (id 1, always last).

/** How many slots at the end are not conditional branches. */
export function trailingSlotCount(type: NodeType): number {
  return type === 'api' || type === 'device-permission' ? 2 : 1;
}

/** Spec 2 §4: new branches go before the trailing default (before the last two for api/device-permission). */
export function branchInsertIndex(type: NodeType, slots: readonly Slot[]): number {
  return Math.max(0, slots.length - trailingSlotCount(type));
}

/** A slot id unused in this node; id 1 is kept for the failure slot whatever the type. */
export function newSlotId(slots: readonly Slot[]): number {
  return Math.max(FAILURE_SLOT_ID, ...slots.map((slot) => slot.id)) + 1;
}

/** The slots with the new conditional branch (English text, evaluated as written) in place. */
export function addBranch(type: NodeType, slots: readonly Slot[], condition: string): Slot[] {
  const branch: Slot = {
    id: newSlotId(slots),
    node: null,
    condition: { en: condition.trim() },
    isValid: true,
    isNew: true,
  };
  const at = branchInsertIndex(type, slots);
  return [...slots.slice(0, at), branch, ...slots.slice(at)];
}

/** Indices (into `slots`) of the conditional branches, in order. */
export function branchIndices(slots: readonly Slot[]): number[] {
  const indices: number[] = [];
  slots.forEach((slot, i) => {
    if (slot.condition && !slot.onFailure) indices.push(i);
  });
  return indices;
}

/** The slots without the branch at `index` (its link goes with it). */
export function removeBranch(slots: readonly Slot[], index: number): Slot[] {
  return slots.filter((_, i) => i !== index);
}
