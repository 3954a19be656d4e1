import { z } from 'zod';

// The answer schemas shared by the account routes. Their request schemas live in the contract
// (src/core/api/auth.ts), built from src/core/api/fields.ts, so the app's calls use the same ones.

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
