import type { Entry, WizardNode } from '../flow/schema';
import { checkEntry } from './nodes/basic';
import { checkWizardField } from './nodes/wizard';
import { isBlank, sameText } from './text';
import type { Problem, ValidationContext } from './types';

// The editor's Add buttons check one part before it joins the node: a basic entry (Add Element
// forms) and a wizard step (Add question). Fields are relative to the part (`content.title`).

const PREFIX = 'part';

const relative = (problems: Problem[]): Problem[] =>
  problems.map((problem) => ({ ...problem, field: problem.field.slice(PREFIX.length + 1) }));

export function validateEntry(entry: Entry, context: ValidationContext): Problem[] {
  const problems: Problem[] = [];
  checkEntry(entry, PREFIX, context, problems);
  return relative(problems);
}

export function validateWizardField(
  field: WizardNode['wizard']['fields'][number],
  context: ValidationContext,
): Problem[] {
  const problems: Problem[] = [];
  checkWizardField(field, PREFIX, context.defaultLanguageCode, problems);
  return relative(problems);
}

/** Why a new choice label cannot be added (blank, or taken ignoring case), or null when it can. */
export function newChoiceLabelProblem(label: string, takenLabels: readonly string[]): string | null {
  if (isBlank(label)) return 'Choice name is required';
  const key = sameText(label);
  return takenLabels.some((taken) => sameText(taken) === key)
    ? `Choice "${label.trim()}" already exists`
    : null;
}

/** Why a keyword cannot be added to a choice (blank, or already one of its keywords), or null. */
export function newKeywordProblem(keyword: string, keywords: readonly string[]): string | null {
  if (isBlank(keyword)) return 'Keyword cannot be empty';
  const key = sameText(keyword);
  return keywords.some((taken) => sameText(taken) === key) ? `Keyword "${keyword.trim()}" is repeated` : null;
}
