// Typed notification calls (spec 3 §7) with the spec's failure texts (spec 3 §8).
import { api } from '../../api/client';
import type { Answer } from '../../core/api/common';
import type { Notification, NotificationSaved, NotificationsAnswer } from '../../core/api/notifications';
import type { NotificationFields } from '../../core/notifications';

export const notificationErrors = {
  load: 'Unable to load notifications',
  create: 'Unable to create a new notification',
  update: 'Unable to update the selected notification',
  delete: 'Unable to delete the selected notification',
} as const;

/** The spec's text for the failure, whatever the server said (it is shown next to it in the form). */
async function attempt<T extends { success?: boolean }>(call: () => Promise<T>, failure: string): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch {
    throw new Error(failure);
  }
  if (!result.success) throw new Error(failure);
  return result;
}

export async function fetchNotifications(): Promise<NotificationsAnswer> {
  const answer = await attempt(
    () => api<Answer<NotificationsAnswer>>('/api/notification'),
    notificationErrors.load,
  );
  return {
    success: true,
    timezones: answer.timezones ?? [],
    bots: answer.bots ?? [],
    templates: answer.templates ?? [],
    notifications: answer.notifications ?? [],
  };
}

export async function saveNotification(fields: NotificationFields, id: number | null): Promise<Notification> {
  const failure = id === null ? notificationErrors.create : notificationErrors.update;
  const answer = await attempt(
    () =>
      api<Answer<NotificationSaved>>('/api/notification', {
        method: id === null ? 'POST' : 'PUT',
        body: { ...fields, ...(id === null ? {} : { id }) },
      }),
    failure,
  );
  if (!answer.notification) throw new Error(failure);
  return answer.notification;
}

export async function deleteNotification(id: number): Promise<void> {
  await attempt(() => api(`/api/notification/${id}`, { method: 'DELETE' }), notificationErrors.delete);
}
