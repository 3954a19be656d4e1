import type { FlowNode, NodeType, Slot } from './schema';

// Spec 2 §2 "Node display": how the board names a node's type and each of its outputs.

export const ALWAYS = 'Always';
export const ON_SUCCESS = 'On Success';
export const ON_FAILURE = 'On Failure';
export const ON_NO_MATCH = 'On No Match';
export const ELSE = 'Else';

/** Types whose plain capitalised name would read badly; every other type is capitalised. */
const SPECIAL_TYPE_LABELS: Partial<Record<NodeType, string>> = {
  ai: 'AI',
  api: 'API',
  'realtime-ai': 'Realtime AI',
};

/** The type name drawn on a node; a flow-template node shows the template it runs. */
export function nodeTypeLabel(node: FlowNode): string {
  if (node.type === 'flow-template' && node.templateName) return node.templateName;
  return SPECIAL_TYPE_LABELS[node.type] ?? node.type.charAt(0).toUpperCase() + node.type.slice(1);
}

/** The label of each output slot, in slot order. */
export function outputLabels(node: FlowNode, languageCode = 'en'): string[] {
  const slots = node.next;
  if (slots.length === 1) return [ALWAYS];
  const twoWay = node.type === 'api' || node.type === 'device-permission';
  if (twoWay && slots.length === 2) return [ON_SUCCESS, ON_FAILURE];
  const last = slots.length - 1;
  return slots.map((slot, i) => {
    if (slot.onFailure) return ON_FAILURE;
    if (node.type === 'choice') return i === last ? ON_NO_MATCH : optionName(slot, languageCode);
    if (slot.option) return optionName(slot, languageCode);
    if (slot.condition) return slot.condition.en;
    return ELSE;
  });
}

/** A choice option's name in the language shown, falling back to English, then to any language. */
function optionName(slot: Slot, languageCode: string): string {
  const option = slot.option ?? {};
  const candidates = [option[languageCode], option.en, ...Object.values(option)];
  for (const text of candidates) {
    const name = text?.name || text?.label;
    if (name) return name;
  }
  return '';
}
