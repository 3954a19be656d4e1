// Zod pieces of the request schemas (issue 14 item 1): each route's body, query and path schema
// lives in src/core/api/, the server registers it and the app's calls are typed by it, so both
// ends hold one field to one rule and one message (spec 1 §8). Bodies arrive as multipart or
// urlencoded forms (every field a string), or as JSON from scripts; anything else must end as a
// 400 with a message, never a 500.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules/password';

/** PostgreSQL refuses NUL in text, which would surface as a 500; no honest input carries one. */
const hasNoNul = (text: string) => !text.includes('\u0000');

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body whose fields the route names; a missing or non-object body reads as empty, so each
 * missing field gets its own message. Typed by the object it checks: what a caller sends is the
 * object's input (the preprocess step only stands in for an absent body).
 */
export function formBody<Shape extends z.ZodRawShape>(shape: Shape) {
  const form = z.object(shape);
  return z.preprocess((value) => (isObject(value) ? value : {}), form) as unknown as z.ZodType<
    z.output<typeof form>,
    z.input<typeof form>
  >;
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

/** A positive id sent as text (form field, path or query parameter), or as a JSON number. */
export function idField(name: string) {
  return z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    // Nine digits at most: every id fits a 32-bit integer column on both databases.
    z
      .string()
      .regex(/^\d{1,9}$/, { error: `${name} is invalid` })
      .transform(Number),
  ) as unknown as z.ZodType<number, string | number>;
}

/** 'true'/'1' or 'false'/'0' as a boolean. */
export const flagField = z
  .enum(['true', 'false', '1', '0'], { error: 'The flag must be true or false' })
  .transform((text) => text === 'true' || text === '1');

/** A missing body (no content type at all) reads as an empty form. */
export function missingAsEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((body) => body ?? {}, schema) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}

/** JSON, or JSON text (a multipart form sends every field as text); checked by the route itself. */
export function jsonField<Sent>() {
  return z.unknown().transform((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }) as unknown as z.ZodType<unknown, Sent | string>;
}

/**
 * The schema as its callers see it: `Sent` is what they give (a form's values before encoding, a
 * browser File for an upload), the output is what the route's handler reads once the body is parsed.
 */
export function sentAs<Sent>() {
  return <T extends z.ZodType>(schema: T) => schema as unknown as z.ZodType<z.output<T>, Sent>;
}

/** An uploaded file as a route reads it (a multipart part, attached to the body). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  /** The bytes: Node's Buffer on the server, which is a Uint8Array, so src/core needs no Node. */
  data: Uint8Array;
}

/** A file part of a multipart body; the app sends it as a File (or any Blob). */
export const uploadedFile = sentAs<UploadedFile | Blob>()(
  z.object({ filename: z.string(), mimetype: z.string(), data: z.instanceof(Uint8Array) }),
);
