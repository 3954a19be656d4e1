import { describe, expect, it } from 'vitest';
import type { Slot } from '../../src/core/flow';
import {
  addChoice,
  choiceKeywords,
  choiceLabel,
  choiceSlots,
  deleteChoice,
  moveChoice,
  takenLabels,
  updateChoice,
} from '../../src/features/node-editor/logic/choices';

const noMatch: Slot = { id: 0, node: null };
const labels = (slots: Slot[]) =>
  slots.map((s) => (s === slots[slots.length - 1] ? 'no-match' : choiceLabel(s, 'en')));

function threeChoices(): Slot[] {
  let slots: Slot[] = [noMatch];
  for (const label of ['Yes', 'No', 'Maybe']) slots = addChoice(slots, 'en', label, []);
  return slots;
}

describe('choices (spec 2 §4)', () => {
  it('adds each choice before the no-match slot, with its keywords', () => {
    const slots = addChoice([noMatch], 'en', ' Yes ', ['yep', 'sure']);
    expect(slots[1]).toBe(noMatch);
    expect(slots[0].option).toEqual({ en: { name: 'Yes', alt: ['yep', 'sure'] } });
    expect(labels(threeChoices())).toEqual(['Yes', 'No', 'Maybe', 'no-match']);
  });

  it('moves choices up and down while the no-match slot stays last', () => {
    const slots = threeChoices();
    expect(labels(moveChoice(slots, 2, -1))).toEqual(['Yes', 'Maybe', 'No', 'no-match']);
    expect(labels(moveChoice(slots, 0, 1))).toEqual(['No', 'Yes', 'Maybe', 'no-match']);
    // The last choice cannot move down into the no-match place, nor the first up.
    expect(labels(moveChoice(slots, 2, 1))).toEqual(['Yes', 'No', 'Maybe', 'no-match']);
    expect(labels(moveChoice(slots, 0, -1))).toEqual(['Yes', 'No', 'Maybe', 'no-match']);
    // The no-match slot itself never moves.
    expect(labels(moveChoice(slots, 3, -1))).toEqual(['Yes', 'No', 'Maybe', 'no-match']);
  });

  it('deletes a choice but never the no-match slot', () => {
    const slots = threeChoices();
    expect(labels(deleteChoice(slots, 1))).toEqual(['Yes', 'Maybe', 'no-match']);
    expect(deleteChoice(slots, 3)).toEqual(slots);
  });

  it('edits one language of a choice and keeps the others', () => {
    const slots = addChoice([noMatch], 'en', 'Yes', ['yep']);
    const french = updateChoice(slots, 0, 'fr', 'Oui', ['ouais']);
    const edited = updateChoice(french, 0, 'en', 'Yes please', []);
    expect(choiceLabel(edited[0], 'fr')).toBe('Oui');
    expect(choiceLabel(edited[0], 'en')).toBe('Yes please');
    expect(choiceKeywords(edited[0], 'en')).toEqual([]);
    expect(choiceKeywords(edited[0], 'fr')).toEqual(['ouais']);
  });

  it('reads labels saved as label, and lists the labels taken by the other choices', () => {
    const slot: Slot = { id: 3, node: null, option: { en: { label: 'Old style' } } };
    expect(choiceLabel(slot, 'en')).toBe('Old style');
    const slots = threeChoices();
    expect(choiceSlots(slots)).toHaveLength(3);
    expect(takenLabels(slots, 'en')).toEqual(['Yes', 'No', 'Maybe']);
    expect(takenLabels(slots, 'en', 1)).toEqual(['Yes', 'Maybe']);
    expect(takenLabels(slots, 'fr')).toEqual([]);
  });
});
