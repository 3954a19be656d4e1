// The choice node (spec 2 §3): the options message and a button per choice in the guest's
// language, then a wait. The answer picks a choice by its label or one of its keywords, in any of
// the node's languages, as whole words inside the answer (src/core/text/choice-match.ts); anything
// else takes the trailing no-match slot — or, when that slot is not linked, asks again rather than
// ending the conversation.
import type { ChoiceNode, OptionText, Slot } from '../../../src/core/flow/index.js';
import { matchChoiceAnswer } from '../../../src/core/text/choice-match.js';
import { DEFAULT_LANGUAGE_CODE } from '../language.js';
import type { ChoiceButton } from '../replies.js';
import { go, wait, type NodeHandler, type Outcome, type Turn } from '../turn.js';

/** The choices (every slot but the last, which is the no-match slot). */
function optionSlots(node: ChoiceNode): Slot[] {
  return node.next.slice(0, -1);
}

function label(option: OptionText | undefined): string {
  return (option?.name || option?.label || '').trim();
}

function labelIn(slot: Slot, code: string): string {
  const options = slot.option ?? {};
  return (
    label(options[code]) ||
    label(options[DEFAULT_LANGUAGE_CODE]) ||
    Object.values(options).map(label).find(Boolean) ||
    ''
  );
}

function buttons(node: ChoiceNode, code: string): ChoiceButton[] {
  return optionSlots(node).flatMap((slot) => {
    const text = labelIn(slot, code);
    return text ? [{ id: slot.id, label: text }] : [];
  });
}

function ask(node: ChoiceNode, turn: Turn): Outcome {
  turn.sayText('choices-message', node.message);
  const content = buttons(node, turn.language);
  const codes = new Set(optionSlots(node).flatMap((slot) => Object.keys(slot.option ?? {})));
  if (codes.size > 1) {
    const translations: Record<string, ChoiceButton[]> = {};
    for (const code of new Set([...codes, turn.language])) translations[code] = buttons(node, code);
    turn.say({ type: 'choices', content, translations });
  } else {
    turn.say({ type: 'choices', content });
  }
  return wait({ kind: 'choice' });
}

/** Every phrase that picks this slot: its labels and keywords in all languages. */
function phrasesOf(slot: Slot): string[] {
  return Object.values(slot.option ?? {}).flatMap((option) => [label(option), ...(option.alt ?? [])]);
}

export function matchChoice(node: ChoiceNode, text: string): Slot | null {
  const slots = optionSlots(node);
  const index = matchChoiceAnswer(text, slots.map(phrasesOf));
  return index >= 0 ? slots[index] : null;
}

export const choiceNode: NodeHandler<ChoiceNode> = {
  enter: (node, turn) => ask(node, turn),
  resume(node, _state, input, turn) {
    const chosen = matchChoice(node, input.text);
    if (chosen) return go(chosen.node);
    turn.fallbacks++;
    const noMatch = node.next[node.next.length - 1];
    if (noMatch?.node) return go(noMatch.node);
    return ask(node, turn);
  },
};
