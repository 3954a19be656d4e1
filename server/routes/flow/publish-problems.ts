// Issue 13 §3: a publish is checked with the same src/core validation the editor runs, so a client
// that skips the editor's check (or an older editor) cannot publish a broken flow silently. The
// author may still publish anyway (a half-built flow is a normal state while building), but must
// say so with `allow_invalid`.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { FlowNode } from '../../../src/core/flow/index.js';
import {
  flowProblems,
  publishProblemsMessage,
  validationContextOf,
  type FlowProblem,
} from '../../../src/core/validation/index.js';
import type { Database, User } from '../../db/schema.js';
import { languagesById } from '../../repos/bots.js';
import type { StoredBot } from '../../repos/bots.js';
import { listFlowTemplates, listPushMessageTypes } from '../../repos/flows.js';
import { providersOf } from './providers.js';

/** Every problem of the flow a customer publishes for `bot`, judged as the editor judges it. */
export async function problemsOf(
  db: Kysely<Database>,
  user: User,
  bot: StoredBot,
  nodes: readonly FlowNode[],
): Promise<FlowProblem[]> {
  const [languages, templates, providers, pushMessageTypes] = await Promise.all([
    languagesById(db),
    listFlowTemplates(db, bot.id),
    providersOf(db, user),
    listPushMessageTypes(db),
  ]);
  const context = validationContextOf({
    bot,
    allLanguages: [...languages.values()],
    templates,
    providers,
    pushMessageTypes,
  });
  return flowProblems(nodes, context);
}

/**
 * Enough problems to list for an author; a generated flow with thousands of empty nodes is not
 * answered as megabytes (the message still counts them all).
 */
const MAX_LISTED = 500;

/** 422: the flow is well formed but not ready; each problem names its node for the editor to show. */
export function refuseProblems(reply: FastifyReply, problems: readonly FlowProblem[]) {
  return reply.code(422).send({
    success: false,
    message: publishProblemsMessage(problems.length),
    problems: problems.slice(0, MAX_LISTED),
  });
}
