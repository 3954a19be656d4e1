// The contract of /api/notification (spec 3 §7, issue 18): the list the page opens with, and the
// notification POST and PUT carry. The server applies spec 3 §5's rules (core/notifications) on
// top of these shapes.
import { z } from 'zod';
import { idField } from './fields';

const instant = z.string().max(40);
// Nine digits at most: every id fits a 32-bit integer column on both databases.
const id = z.number().int().positive().max(999_999_999);

/** A notification as POST and PUT send it (PUT with its `id`); the UI flags come along. */
export const notificationInput = z.object({
  id: id.optional(),
  name: z.string().max(255),
  description: z
    .string()
    .max(2000)
    .nullish()
    .transform((text) => text ?? ''),
  enabled: z.boolean().default(true),
  start_at: instant,
  end_at: instant.nullish().transform((text) => text || null),
  repeat_minutes: z.number().nullable(),
  repeat_limit: z
    .number()
    .nullish()
    .transform((n) => n ?? null),
  timezone: z.string().max(64),
  bot_id: id.nullish().transform((n) => n ?? null),
  flow_template_id: id.nullish().transform((n) => n ?? null),
  interacted_bots: z.array(id).max(500).default([]),
  whatsapp_template: z
    .string()
    .max(255)
    .nullish()
    .transform((text) => text?.trim() || null),
  no_end_date: z.boolean().default(false),
  no_repeat_limit: z.boolean().default(false),
  template_only: z.boolean().default(false),
});
export type NotificationInput = z.infer<typeof notificationInput>;

/** DELETE /api/notification/:id */
export const notificationPath = z.object({ id: idField('id') });

/** How the occurrences of a notification went (issue 18 item 6). */
export const deliveryLog = z.object({
  last_occurrence: z.string().nullable(),
  next_occurrence: z.string().nullable(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  skipped: z.number(),
  /** Why deliveries were skipped or failed, with how many each. */
  reasons: z.array(z.object({ status: z.string(), reason: z.string(), count: z.number() })),
  /** The latest failed recipients. */
  failed_recipients: z.array(z.object({ guest_id: z.string(), channel: z.string(), reason: z.string() })),
  /** Occurrences skipped whole (missed by more than the catch-up hour). */
  skipped_occurrences: z.number(),
});
export type DeliveryLog = z.infer<typeof deliveryLog>;

export const notification = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  start_at: z.string(),
  end_at: z.string().nullable(),
  repeat_minutes: z.number(),
  repeat_limit: z.number().nullable(),
  timezone: z.string(),
  bot_id: z.number().nullable(),
  flow_template_id: z.number().nullable(),
  interacted_bots: z.array(z.number()),
  whatsapp_template: z.string().nullable(),
  no_end_date: z.boolean(),
  no_repeat_limit: z.boolean(),
  template_only: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  log: deliveryLog,
});
export type Notification = z.infer<typeof notification>;

export const notificationBot = z.object({ id: z.number(), name: z.string() });
export const notificationTemplate = z.object({
  id: z.number(),
  name: z.string(),
  bot_id: z.number(),
  bot_name: z.string(),
});
export type NotificationBot = z.infer<typeof notificationBot>;
export type NotificationTemplate = z.infer<typeof notificationTemplate>;

/** GET /api/notification */
export const notificationsAnswer = z.object({
  success: z.boolean(),
  timezones: z.array(z.string()),
  bots: z.array(notificationBot),
  templates: z.array(notificationTemplate),
  notifications: z.array(notification),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

/** POST and PUT /api/notification */
export const notificationSaved = z.object({
  success: z.boolean(),
  message: z.string(),
  notification,
});
export type NotificationSaved = z.infer<typeof notificationSaved>;

/** GET and PUT /api/chat/notifications/{guestId}: a guest's notification settings (issue 18 item 5). */
export const guestNotificationsAnswer = z.object({
  success: z.boolean(),
  /** False once the guest sent STOP or switched notifications off. */
  enabled: z.boolean(),
  /** Web deliveries the guest has not seen yet (the launcher's badge). */
  unread: z.number(),
  /** The VAPID public key the /chat page subscribes to Web Push with. */
  push_key: z.string(),
});
export type GuestNotificationsAnswer = z.infer<typeof guestNotificationsAnswer>;

export const guestNotificationsInput = z.object({
  enabled: z.boolean().optional(),
  /** The guest opened the chat: the unread count goes back to 0. */
  seen: z.boolean().optional(),
  /** The browser's IANA zone (Intl), for notification-node pushes. */
  timezone: z.string().max(64).optional(),
  /** The browser's PushSubscription (toJSON), or null to stop Web Push. */
  push_subscription: z
    .object({
      endpoint: z.url().max(2000),
      keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
    })
    .nullable()
    .optional(),
});
export type GuestNotificationsInput = z.infer<typeof guestNotificationsInput>;
