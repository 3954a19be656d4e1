import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// The fold decides which visits are a guest's first at their node (issue 19's cost: a chat turn
// rewrote the list of nodes reached in its stored session every turn, docs/analytics-cost.md).
// - analytics_sessions.reached: the `flow:node` keys the guest has reached in the row's flow
//   version, as a JSON list, kept by the fold (core/analytics/first-visits.ts).
// - Filled from the stored sessions' own lists where they are of the row's version, so a guest in
//   the middle of a conversation is not counted again at the nodes it reached before. Events stored
//   before this carry the turn's flags, and still fold by them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analytics_sessions').addColumn('reached', 'text').execute();
  await fillReached(db);
}

/** Each outcome row's list, from its stored session's own where that is of the row's version. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fillReached(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`update analytics_sessions a set reached = (g.state::json -> 'reached' -> 'nodes')::text
      from guest_sessions g
      where g.id = a.guest_id and (g.state::json -> 'reached' ->> 'version')::bigint = a.version`.execute(db);
    return;
  }
  await sql`update analytics_sessions set reached = (
      select json_extract(g.state, '$.reached.nodes') from guest_sessions g
      where g.id = analytics_sessions.guest_id
        and json_extract(g.state, '$.reached.version') = analytics_sessions.version)
    where exists (select 1 from guest_sessions g where g.id = analytics_sessions.guest_id)`.execute(db);
}
