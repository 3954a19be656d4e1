import { CONFIRMATION_CODE_TTL_MS } from '../../src/core/constants.js';
import type { Mail } from '../plugins/mail.js';
import { escapeHtml } from './escape-html.js';

/** The mail carrying the 6-digit code that confirms a new account's e-mail address. */
export function confirmationCodeMail(to: { email: string; first_name: string }, code: string): Mail {
  const minutes = Math.round(CONFIRMATION_CODE_TTL_MS / 60_000);
  const text = [
    `Hello ${to.first_name},`,
    '',
    `Your confirmation code is ${code}`,
    '',
    `Enter it on the confirmation page within ${minutes} minutes. If you did not sign up for BotFlow, you can ignore this e-mail.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(to.first_name)},</p>
<p>Your confirmation code is <strong style="font-size:20px;letter-spacing:4px">${code}</strong></p>
<p>Enter it on the confirmation page within ${minutes} minutes. If you did not sign up for BotFlow, you can ignore this e-mail.</p>`;
  return { to: to.email, subject: 'Your BotFlow confirmation code', text, html };
}
