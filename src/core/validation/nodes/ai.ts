import type { AiNode, RealtimeAiNode } from '../../flow/schema';
import type { Check } from '../types';
import { isBlank, textIn } from '../text';

/**
 * Spec 2 §5 ai: the default-language prompt; when the node waits for the user's query and shows
 * a message first, that message too.
 */
export const checkAiNode: Check<AiNode> = (node, context, problems) => {
  const code = context.defaultLanguageCode;
  if (isBlank(textIn(node.prompt, code)))
    problems.push({ field: `prompt.${code}`, message: 'AI prompt is required' });
  if (node.waitForUserQuery && node.showMessage && isBlank(textIn(node.message, code))) {
    problems.push({ field: `message.${code}`, message: 'Message is required' });
  }
};

/** Spec 2 §5 realtime-ai: the default-language prompt. */
export const checkRealtimeAiNode: Check<RealtimeAiNode> = (node, context, problems) => {
  const code = context.defaultLanguageCode;
  if (isBlank(textIn(node.prompt, code)))
    problems.push({ field: `prompt.${code}`, message: 'Prompt is required' });
};
