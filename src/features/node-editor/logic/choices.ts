import type { OptionText, Slot } from '../../../core/flow';
import { newSlotId } from './branches';

// A choice node's slots (spec 2 §3, §4): one per choice, each with an option per language code
// ({ name, alt keywords }), then the no-match slot, which always stays last.

/** The choices: every slot but the trailing no-match one. */
export function choiceSlots(slots: readonly Slot[]): Slot[] {
  return slots.slice(0, -1);
}

/** The choice's label in one language ('' when it has none there). */
export function choiceLabel(slot: Slot, code: string): string {
  const option = slot.option?.[code];
  return option?.name || option?.label || '';
}

/** The choice's keywords in one language. */
export function choiceKeywords(slot: Slot, code: string): string[] {
  return slot.option?.[code]?.alt ?? [];
}

/** Labels of the other choices in one language (for the duplicate check). */
export function takenLabels(slots: readonly Slot[], code: string, except?: number): string[] {
  return choiceSlots(slots)
    .filter((_, i) => i !== except)
    .map((slot) => choiceLabel(slot, code))
    .filter((label) => label !== '');
}

function withOption(slot: Slot, code: string, option: OptionText): Slot {
  return { ...slot, option: { ...slot.option, [code]: option } };
}

/** A new choice is inserted just before the no-match slot. */
export function addChoice(slots: readonly Slot[], code: string, label: string, keywords: string[]): Slot[] {
  const choice = withOption({ id: newSlotId(slots), node: null, isNew: true }, code, {
    name: label.trim(),
    alt: keywords,
  });
  const at = Math.max(0, slots.length - 1);
  return [...slots.slice(0, at), choice, ...slots.slice(at)];
}

/** The choice at `index` with its label and keywords in `code` replaced. */
export function updateChoice(
  slots: readonly Slot[],
  index: number,
  code: string,
  label: string,
  keywords: string[],
): Slot[] {
  return slots.map((slot, i) => {
    if (i !== index) return slot;
    const { label: _old, ...rest } = slot.option?.[code] ?? {};
    return withOption(slot, code, { ...rest, name: label.trim(), alt: keywords });
  });
}

export function deleteChoice(slots: readonly Slot[], index: number): Slot[] {
  if (index >= slots.length - 1) return slots.slice(); // the no-match slot is not a choice
  return slots.filter((_, i) => i !== index);
}

/** Moves a choice up or down among the choices; the no-match slot never moves. */
export function moveChoice(slots: readonly Slot[], index: number, delta: -1 | 1): Slot[] {
  const last = slots.length - 2; // index of the last choice
  const to = index + delta;
  if (index < 0 || index > last || to < 0 || to > last) return slots.slice();
  const next = slots.slice();
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
