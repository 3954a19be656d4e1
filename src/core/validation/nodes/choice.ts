import type { ChoiceNode, OptionText } from '../../flow/schema';
import type { Check, Problem } from '../types';
import { isBlank, isBlankRichText, sameText, textIn } from '../text';

/**
 * Spec 2 §5 choice: the options message (rich text) in the default language; every choice named
 * in the default language; names unique per language and keywords unique within a choice, both
 * ignoring case; no empty keyword. The last slot is the no-match entry and has no option.
 */
export const checkChoiceNode: Check<ChoiceNode> = (node, context, problems) => {
  const code = context.defaultLanguageCode;
  if (isBlankRichText(textIn(node.message, code))) {
    problems.push({ field: `message.${code}`, message: 'Options message is required' });
  }
  const choices = node.next.slice(0, -1);
  const seen = new Map<string, Set<string>>(); // language → names taken so far
  choices.forEach((slot, i) => {
    const at = `next.${i}.option`;
    if (isBlank(nameOf(slot.option?.[code]))) {
      problems.push({ field: `${at}.${code}.name`, message: 'Choice name is required' });
    }
    for (const [language, option] of Object.entries(slot.option ?? {})) {
      checkName(option, language, `${at}.${language}`, seen, problems);
      checkKeywords(option, `${at}.${language}.alt`, problems);
    }
  });
};

function nameOf(option: OptionText | undefined): string {
  return option?.name || option?.label || '';
}

function checkName(
  option: OptionText,
  language: string,
  at: string,
  seen: Map<string, Set<string>>,
  problems: Problem[],
): void {
  const name = nameOf(option);
  if (isBlank(name)) return;
  let taken = seen.get(language);
  if (!taken) seen.set(language, (taken = new Set()));
  const key = sameText(name);
  if (taken.has(key))
    problems.push({ field: `${at}.name`, message: `Choice "${name.trim()}" already exists` });
  taken.add(key);
}

function checkKeywords(option: OptionText, at: string, problems: Problem[]): void {
  const taken = new Set<string>();
  (option.alt ?? []).forEach((keyword, k) => {
    if (isBlank(keyword)) {
      problems.push({ field: `${at}.${k}`, message: 'Keyword cannot be empty' });
      return;
    }
    const key = sameText(keyword);
    if (taken.has(key))
      problems.push({ field: `${at}.${k}`, message: `Keyword "${keyword.trim()}" is repeated` });
    taken.add(key);
  });
}
