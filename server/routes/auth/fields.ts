import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../src/core/rules/password.js';

// Zod pieces shared by the account routes. Bodies arrive as multipart or urlencoded forms (every
// field a string), or as JSON from scripts; anything else must end as a 400, never a 500.

// One password rule for the server and the forms that show it (src/core/rules/password.ts).
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** PostgreSQL refuses NUL in text, which would surface as a 500; no honest input carries one. */
const hasNoNul = (text: string) => !text.includes('\u0000');

/** A body whose fields the route names; a missing or non-object body reads as empty. */
export function formBody<Shape extends z.ZodRawShape>(shape: Shape) {
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  return z.preprocess((value) => (isObject(value) ? value : {}), z.object(shape));
}

/** A text that must hold more than blanks; it reaches the handler trimmed. */
export function requiredText(field: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(hasNoNul, `${field} is invalid`);
}

/** A text taken as it is (an id, a code, a token); only its size and NUL are checked. */
export function plainText(field: string, max: number) {
  return z.string().max(max, `${field} is invalid`).refine(hasNoNul, `${field} is invalid`);
}

/** An optional text; blank reads as absent. */
export function optionalText(field: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(hasNoNul, `${field} is invalid`)
    .optional()
    .transform((text) => text || undefined);
}

/** A new password: never trimmed, since spaces are legitimate password characters. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The answer of every account call that carries nothing but its outcome (the contract's). */
export { outcomeAnswer as outcome } from '../../../src/core/api/auth.js';

/** The answer of a refused call; `key` names the form field at fault, when there is one. */
export const failure = z.object({
  success: z.literal(false),
  message: z.string(),
  key: z.string().optional(),
});

/** Response schemas for the failure statuses a route can answer: `{ ...failures(400, 401) }`. */
export function failures<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, failure])) as { [C in Codes[number]]: typeof failure };
}
