import { normalizeTemplateName } from '../../../core/rules/names';
import { MAIN_FLOW } from '../flow-api';

/**
 * Spec 2 §4: the name a flow template is added under, or null when it must not be added — blank
 * once normalised, or the name of the main flow or of a template the bot already has.
 */
export function acceptTemplateName(text: string, taken: readonly string[]): string | null {
  const name = normalizeTemplateName(text.trim());
  if (!name) return null;
  if (name === MAIN_FLOW || taken.includes(name)) return null;
  return name;
}

/** The main flow cannot be deleted; every template can. */
export function canDeleteFlow(name: string): boolean {
  return name !== MAIN_FLOW;
}
