// The preview's demo conversation: one of every themed part (spec 3 §2, issue 15 item 1): a date
// line, bot and user messages, a choices message with one choice selected.
import type { ConversationMessage } from '../../core/widget/conversation';

function todayAt(hours: number, minutes: number): number {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date.getTime();
}

const meta = (id: string, from: 'bot' | 'user', minute: number) => ({
  id,
  from,
  date: todayAt(10, minute),
  language_code: 'en',
  disabled: false,
  local: true,
});

export const DEMO_CHOSEN: Record<string, string> = { 'demo-choices': 'Airport' };

export const DEMO_MESSAGES: ConversationMessage[] = [
  {
    ...meta('demo-hello', 'bot', 2),
    type: 'text',
    content: 'Hello! I am here to help. What would you like to know?',
  },
  { ...meta('demo-ask', 'user', 3), type: 'text', content: 'When are you open?' },
  { ...meta('demo-which', 'bot', 3), type: 'choices-message', content: 'Which shop do you mean?' },
  {
    ...meta('demo-choices', 'bot', 3),
    type: 'choices',
    content: [
      { id: 1, label: 'Downtown' },
      { id: 2, label: 'Airport' },
      { id: 3, label: 'Online' },
    ],
  },
  { ...meta('demo-answer', 'user', 4), type: 'text', content: 'Airport' },
  {
    ...meta('demo-hours', 'bot', 4),
    type: 'text',
    content: 'The airport shop is open every day from 6:00 to 22:00.',
  },
];
