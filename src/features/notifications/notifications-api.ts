// The notification calls (spec 3 §7), one per route, typed by the contract in
// src/core/api/notifications.ts, with the spec's failure texts (spec 3 §8).
import { defineCall, type Refusal } from '../../api/define-call';
import { doneAnswer } from '../../core/api/common';
import {
  notificationInput,
  notificationPath,
  notificationSaved,
  notificationsAnswer,
  type Notification,
  type NotificationsAnswer,
} from '../../core/api/notifications';
import type { NotificationFields } from '../../core/notifications';

const calls = {
  list: defineCall('GET', '/api/notification', { response: notificationsAnswer }),
  create: defineCall('POST', '/api/notification', {
    request: notificationInput,
    response: notificationSaved,
    encoding: 'json',
  }),
  update: defineCall('PUT', '/api/notification', {
    request: notificationInput,
    response: notificationSaved,
    encoding: 'json',
  }),
  remove: defineCall('DELETE', '/api/notification/:id', { params: notificationPath, response: doneAnswer }),
};

export const notificationErrors = {
  load: 'Unable to load notifications',
  create: 'Unable to create a new notification',
  update: 'Unable to update the selected notification',
  delete: 'Unable to delete the selected notification',
} as const;

/** The spec's text for any failure: a refusal, a broken answer or no answer at all. */
async function attempt<T extends { success: true }>(
  call: () => Promise<T | Refusal>,
  failure: string,
): Promise<T> {
  let result: T | Refusal;
  try {
    result = await call();
  } catch {
    throw new Error(failure);
  }
  if (!result.success) throw new Error(failure);
  return result;
}

export function fetchNotifications(): Promise<NotificationsAnswer> {
  return attempt(() => calls.list(), notificationErrors.load);
}

export async function saveNotification(fields: NotificationFields, id: number | null): Promise<Notification> {
  const saved =
    id === null
      ? await attempt(() => calls.create({ body: fields }), notificationErrors.create)
      : await attempt(() => calls.update({ body: { ...fields, id } }), notificationErrors.update);
  return saved.notification;
}

export async function deleteNotification(id: number): Promise<void> {
  await attempt(() => calls.remove({ params: { id } }), notificationErrors.delete);
}
