import { RESET_TOKEN_TTL_MS } from '../../src/core/constants.js';
import type { Mail } from '../plugins/mail.js';
import { escapeHtml } from './escape-html.js';

/** The mail with the single-use link to the reset-password page. */
export function passwordResetMail(to: { email: string; first_name: string }, link: string): Mail {
  const minutes = Math.round(RESET_TOKEN_TTL_MS / 60_000);
  const text = [
    `Hello ${to.first_name},`,
    '',
    'Someone asked to reset the password of your BotFlow account. To choose a new one, open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(to.first_name)},</p>
<p>Someone asked to reset the password of your BotFlow account. To choose a new one, open this link:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p>The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.</p>`;
  return { to: to.email, subject: 'Reset your BotFlow password', text, html };
}
