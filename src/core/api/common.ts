// Answer shapes every area shares (issue 14 item 1). The server serialises its answers through
// these schemas and the app reads them through the inferred types, so neither can drift.
import { z } from 'zod';

/** What every refused call answers; `key` names the form field at fault, when there is one. */
export const failureAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  key: z.string().optional(),
});
export type FailureAnswer = z.infer<typeof failureAnswer>;

/** A call that carries nothing but its outcome. */
export const doneAnswer = z.object({ success: z.boolean(), message: z.string().optional() });
export type DoneAnswer = z.infer<typeof doneAnswer>;

/** Response schemas for the failure statuses a route can answer: `{ ...refusals(400, 404) }`. */
export function refusals<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, failureAnswer])) as {
    [C in Codes[number]]: typeof failureAnswer;
  };
}

/** A success answer as a client may receive it before checking `success`: fields may be missing. */
export type Answer<Success> = Partial<Success> & { success: boolean; message?: string; key?: string };
