// One typed function per route, built from the route's contract (src/core/api/): the request's
// fields are typed by its request schema, and the answer is parsed by its response schema, so a
// server answer that breaks the contract fails here, with a message, instead of deep in a screen.
// A refusal (`success: false`, or any answer of a failure status) comes back as a Refusal the
// caller words for the person; only a broken contract or an unreadable answer throws.
import type { z } from 'zod';
import { ApiError, request, toFormData, type RequestOptions } from './client';

type Method = NonNullable<RequestOptions['method']>;

/** The `:name` parameters of a route path: '/api/bot/:id' → 'id'. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export interface CallContract<Request extends z.ZodType | undefined, Response extends z.ZodType> {
  /** The body's fields, as the caller gives them (before any form encoding): the route's own body schema. */
  request?: Request;
  /** The route's path and query schemas, the ones the server registers (for the contract test). */
  params?: z.ZodType;
  query?: z.ZodType;
  response: Response;
  /** How the body goes: a multipart form (the spec's calls, the default) or JSON. */
  encoding?: 'form' | 'json';
  /** Send the bearer token (default true). */
  auth?: boolean;
}

/** A refused call: the server's words, the form field at fault, the status and the raw answer. */
export interface Refusal {
  success: false;
  message: string;
  key?: string;
  status: number;
  /** The answer as it came, for refusals that carry more (a publish's problems). */
  body: unknown;
}

/** What a call answers: the contract's answer, or a refusal when the answer has a success flag. */
export type CallResult<Answer> = Answer extends { success: boolean }
  ? (Answer & { success: true }) | Refusal
  : Answer;

type Input<Path extends string, Request> = ([PathParams<Path>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<Path>, string | number> }) &
  (Request extends z.ZodType ? { body: z.input<Request> } : { body?: undefined }) & {
    query?: Record<string, string | number | undefined>;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** Whether the input may be left out (no parameters, no body). */
type Optional<Path extends string, Request> = [PathParams<Path>] extends [never]
  ? Request extends z.ZodType
    ? false
    : true
  : false;

export type Call<Path extends string, Request, Response extends z.ZodType> =
  Optional<Path, Request> extends true
    ? (input?: Input<Path, Request>) => Promise<CallResult<z.output<Response>>>
    : (input: Input<Path, Request>) => Promise<CallResult<z.output<Response>>>;

/** The path with its parameters filled in (each encoded) and the query appended. */
export function callPath(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${path} needs ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads an answer against its contract (exported for the tests). */
export function readAnswer<Response extends z.ZodType>(
  where: string,
  response: Response,
  status: number,
  data: unknown,
): CallResult<z.output<Response>> {
  const refused = status >= 400 || (isRecord(data) && data.success === false);
  if (refused) {
    const answer = isRecord(data) ? data : {};
    const refusal: Refusal = {
      success: false,
      message: typeof answer.message === 'string' ? answer.message : '',
      status,
      body: data,
    };
    if (typeof answer.key === 'string') refusal.key = answer.key;
    return refusal as CallResult<z.output<Response>>;
  }
  const parsed = response.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'the answer';
    throw new ApiError(`The server's answer to ${where} does not match its contract (${field}).`, status);
  }
  return parsed.data as CallResult<z.output<Response>>;
}

/** Every call defined so far, so a test can hold each against the server's route table. */
export const definedCalls: {
  method: Method;
  path: string;
  response: z.ZodType;
  request?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}[] = [];

/**
 * One route's call: `defineCall('DELETE', '/api/bot/:id', { response: doneAnswer })` gives
 * `(input: { params: { id } }) => Promise<DoneAnswer & { success: true } | Refusal>`.
 */
export function defineCall<
  const Path extends string,
  Response extends z.ZodType,
  Request extends z.ZodType | undefined = undefined,
>(method: Method, path: Path, contract: CallContract<Request, Response>): Call<Path, Request, Response> {
  definedCalls.push({
    method,
    path,
    response: contract.response,
    request: contract.request,
    params: contract.params,
    query: contract.query,
  });
  const call = async (input: Partial<Input<Path, Request>> = {}) => {
    const target = callPath(path, input.params as Record<string, string | number> | undefined, input.query);
    const fields = input.body as Record<string, unknown> | undefined;
    const body =
      fields === undefined ? undefined : contract.encoding === 'json' ? fields : toFormData(fields);
    const { status, data } = await request(target, {
      method,
      body,
      auth: contract.auth,
      headers: input.headers,
      signal: input.signal,
    });
    return readAnswer(`${method} ${path}`, contract.response, status, data);
  };
  return call as Call<Path, Request, Response>;
}
