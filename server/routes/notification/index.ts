// The notification calls (spec 3 §7, issue 18 item 1): GET /api/notification lists the
// customer's notifications with the time zones, bots and flow templates the form picks from;
// POST and PUT save one (spec 3 §5's rules checked here too); DELETE removes one. Another
// customer's notification, bot or flow template answers 404 and nothing changes.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { doneAnswer, refusals } from '../../../src/core/api/common.js';
import {
  notificationInput,
  notificationPath,
  notificationSaved,
  notificationsAnswer,
  type Notification,
  type NotificationInput,
} from '../../../src/core/api/notifications.js';
import {
  notificationProblems,
  settleNotification,
  type NotificationFields,
} from '../../../src/core/notifications/index.js';
import type { NotificationRow } from '../../db/schema.js';
import { deliveryLogs } from '../../notifications/delivery-log.js';
import {
  customerTargets,
  deleteNotification,
  fieldsOf,
  findNotification,
  insertNotification,
  listNotifications,
  updateNotification,
} from '../../notifications/store.js';
import { fail } from '../bots/present.js';

const NOT_FOUND = 'Notification not found';
const TEMPLATE_NOT_FOUND = 'Flow template not found';
const BOT_NOT_FOUND = 'Bot not found';

/** Every IANA zone the runtime knows, for the form's picker. */
const TIME_ZONES: string[] = Intl.supportedValuesOf('timeZone');

function present(row: NotificationRow, log: Notification['log']): Notification {
  const fields = fieldsOf(row);
  return {
    ...fields,
    id: row.id,
    repeat_minutes: row.repeat_minutes,
    created_at: new Date(Number(row.created_at)).toISOString(),
    updated_at: new Date(Number(row.updated_at)).toISOString(),
    log,
  };
}

async function presentOne(request: FastifyRequest, row: NotificationRow): Promise<Notification> {
  const logs = await deliveryLogs(request.server.db, [row]);
  return present(row, logs.get(row.id)!);
}

/** The settled fields, or null with the refusal sent: a broken rule (400) or a stranger's id (404). */
async function checkedFields(
  request: FastifyRequest,
  reply: FastifyReply,
  input: NotificationInput,
): Promise<NotificationFields | null> {
  const fields = settleNotification({ ...input });
  const problem = notificationProblems(fields)[0];
  if (problem) {
    await fail(reply, 400, problem.message, problem.field);
    return null;
  }
  const { bots, templates } = await customerTargets(request.server.db, request.user.id);
  const botIds = new Set(bots.map((bot) => bot.id));
  if (fields.template_only && !templates.some((t) => t.id === fields.flow_template_id)) {
    await fail(reply, 404, TEMPLATE_NOT_FOUND, 'flow_template_id');
    return null;
  }
  if (!fields.template_only && !botIds.has(fields.bot_id!)) {
    await fail(reply, 404, BOT_NOT_FOUND, 'bot_id');
    return null;
  }
  if (fields.interacted_bots.some((id) => !botIds.has(id))) {
    await fail(reply, 404, BOT_NOT_FOUND, 'interacted_bots');
    return null;
  }
  fields.interacted_bots = [...new Set(fields.interacted_bots)];
  return fields;
}

const notificationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireActiveUser };

  app.get(
    '/notification',
    { ...auth, schema: { response: { 200: notificationsAnswer } } },
    async (request) => {
      const rows = await listNotifications(app.db, request.user.id);
      const logs = await deliveryLogs(app.db, rows);
      const { bots, templates } = await customerTargets(app.db, request.user.id);
      return {
        success: true,
        timezones: TIME_ZONES,
        bots,
        templates,
        notifications: rows.map((row) => present(row, logs.get(row.id)!)),
      };
    },
  );

  app.post(
    '/notification',
    {
      ...auth,
      schema: { body: notificationInput, response: { 200: notificationSaved, ...refusals(400, 404) } },
    },
    async (request, reply) => {
      const fields = await checkedFields(request, reply, request.body);
      if (!fields) return reply;
      const row = await insertNotification(app.db, request.user.id, fields);
      return { success: true, message: 'Notification created', notification: await presentOne(request, row) };
    },
  );

  app.put(
    '/notification',
    {
      ...auth,
      schema: { body: notificationInput, response: { 200: notificationSaved, ...refusals(400, 404) } },
    },
    async (request, reply) => {
      const id = request.body.id;
      if (id === undefined) return fail(reply, 400, 'id is required', 'id');
      if (!(await findNotification(app.db, request.user.id, id))) return fail(reply, 404, NOT_FOUND);
      const fields = await checkedFields(request, reply, request.body);
      if (!fields) return reply;
      const row = await updateNotification(app.db, request.user.id, id, fields);
      if (!row) return fail(reply, 404, NOT_FOUND);
      return { success: true, message: 'Notification updated', notification: await presentOne(request, row) };
    },
  );

  app.delete(
    '/notification/:id',
    {
      ...auth,
      schema: {
        params: notificationPath,
        response: { 200: doneAnswer, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      if (!(await deleteNotification(app.db, request.user.id, request.params.id)))
        return fail(reply, 404, NOT_FOUND);
      return { success: true, message: 'Notification deleted' };
    },
  );
};

export default notificationRoutes;
