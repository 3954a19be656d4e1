import type { CallNode } from '../../flow/schema';
import type { Check } from '../types';
import { isBlank, textIn } from '../text';

/** Spec 2 §5 call: message, subject and caller name, and one of the providers when any exist. */
export const checkCallNode: Check<CallNode> = (node, context, problems) => {
  const code = context.defaultLanguageCode;
  if (isBlank(textIn(node.message, code))) {
    problems.push({ field: `message.${code}`, message: 'Waiting message is required' });
  }
  if (isBlank(textIn(node.subject, code)))
    problems.push({ field: `subject.${code}`, message: 'Call subject is required' });
  if (isBlank(node.callerName)) problems.push({ field: 'callerName', message: 'Caller name is required' });
  if (context.providers.length > 0) {
    const chosen = node.providerId === null || node.providerId === undefined ? '' : String(node.providerId);
    if (!context.providers.some((provider) => String(provider.id) === chosen)) {
      problems.push({ field: 'providerId', message: 'Choose a call provider' });
    }
  }
};
