import type { LanguageChangerNode } from '../../flow/schema';
import type { Check } from '../types';

/** Spec 2 §5 language-changer: the target is one of the bot's supported languages. */
export const checkLanguageChangerNode: Check<LanguageChangerNode> = (node, context, problems) => {
  const target = String(node.language);
  if (!context.supportedLanguages.some((language) => String(language.id) === target)) {
    problems.push({ field: 'language', message: 'Choose one of the supported languages' });
  }
};
