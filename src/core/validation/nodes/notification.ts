import type { NotificationNode } from '../../flow/schema';
import type { Check } from '../types';
import { isBlank, textIn } from '../text';

import { START_TIME } from '../../notifications/daily';

export { START_TIME };

/** Spec 2 §5 notification: a known push type, the template, an interval above 0 and a start time. */
export const checkNotificationNode: Check<NotificationNode> = (node, context, problems) => {
  if (!context.pushMessageTypes.includes(node.pushMessageType)) {
    problems.push({ field: 'pushMessageType', message: 'Choose a push message type' });
  }
  const code = context.defaultLanguageCode;
  if (isBlank(textIn(node.template, code)))
    problems.push({ field: `template.${code}`, message: 'Template is required' });
  if (!(typeof node.frequency === 'number' && Number.isFinite(node.frequency) && node.frequency > 0)) {
    problems.push({ field: 'frequency', message: 'Repeat interval must be greater than 0 hours' });
  }
  if (typeof node.startAt !== 'string' || !START_TIME.test(node.startAt)) {
    problems.push({ field: 'startAt', message: 'Start time must be between 00:00 and 23:59' });
  }
};
