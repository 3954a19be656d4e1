// Texts the account calls answer with that more than one route (or test) relies on.

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const UNKNOWN_PROVIDER = 'Please select a valid service provider.';
// Part of the contract: the sign-up and reset forms' schemas word it (src/core/api/auth.ts).
export { INVALID_EMAIL } from '../../../src/core/api/auth.js';
export const RESET_LINK_SENT = 'If an account exists for this email, a reset link has been sent.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const ALREADY_CONFIRMED = 'Your email is already confirmed.';
