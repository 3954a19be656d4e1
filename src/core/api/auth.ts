// The contract of the account routes (spec 1 §7, spec 3 §7): sign-up, sign-in, e-mail
// confirmation, password reset, the user's info and the call providers.
import { z } from 'zod';
import { isValidEmail } from '../rules/email';
import { PASSWORD_MAX_LENGTH } from '../rules/password';
import { formBody, newPassword, optionalText, plainText, requiredText } from './fields';

/** The answer of every account call that carries nothing but its outcome. */
export const outcomeAnswer = z.object({ success: z.boolean(), message: z.string() });
export type OutcomeAnswer = z.infer<typeof outcomeAnswer>;

/** POST /api/login and /api/signup */
export const tokenAnswer = outcomeAnswer.extend({ access_token: z.string() });
export type TokenAnswer = z.infer<typeof tokenAnswer>;

/**
 * A call provider as the picker shows it. Endpoint and profile id stay on the server: the picker
 * only shows and selects providers.
 */
export const providerCard = z.object({
  mre_call_provider_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** JSON text (spec 1 §3). */
  config: z.string(),
  icon_url: z.string().nullable(),
  account_id: z.string().nullable(),
});
export type ProviderCard = z.infer<typeof providerCard>;

/** GET /api/providers */
export const providersAnswer = z.array(providerCard);

export const userInfo = z.object({
  id: z.number(),
  customer_id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  acronym: z.string(),
  is_email_verified: z.number(),
  is_deleted: z.number(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const language = z.object({ id: z.number(), name: z.string(), code: z.string(), is_rtl: z.number() });
export type Language = z.infer<typeof language>;

/**
 * GET /api/user-info. The schema doubles as an allow-list: nothing else of the user row (its
 * password hash) can leave, whatever the query selects.
 */
export const userInfoAnswer = z.object({
  success: z.boolean(),
  user_info: userInfo,
  languages: z.array(language),
  default_avatars: z.array(z.string()),
  /** Whether the server has an AI endpoint (LLM_BASE_URL): the bot dialog's translate switch needs it. */
  llm_available: z.boolean(),
});
export type UserInfoAnswer = z.infer<typeof userInfoAnswer>;

// Requests: the server registers these schemas (server/routes/auth) and the app's calls are typed by
// them, so both check the same fields with the messages of spec 1 §8.

export const INVALID_EMAIL = 'Please enter a valid email address';

/** POST /api/login */
export const loginRequest = formBody({
  email: requiredText('email', 254),
  password: z.string().min(1, 'password is required').max(PASSWORD_MAX_LENGTH, 'password is invalid'),
  mre_call_provider_id: plainText('mre_call_provider_id', 200).optional(),
});

/** POST /api/signup: the account, and the call provider it signs up with. */
export const signupRequest = formBody({
  first_name: requiredText('first_name', 100),
  last_name: requiredText('last_name', 100),
  email: requiredText('email', 254).refine(isValidEmail, INVALID_EMAIL),
  username: requiredText('username', 100),
  password: z
    .string()
    .refine((text) => text.trim() !== '', 'password is required')
    .pipe(newPassword),
  mre_call_provider_id: plainText('mre_call_provider_id', 200).optional(),
  mre_call_provider_name: optionalText('mre_call_provider_name', 200),
  mre_call_profile_id: optionalText('mre_call_profile_id', 64),
  mre_call_endpoint: optionalText('mre_call_endpoint', 2000),
});

/** POST /api/confirm-email */
export const confirmEmailRequest = formBody({ code: requiredText('code', 32) });

/** POST /api/request-password */
export const passwordRequest = formBody({
  email: requiredText('email', 254).refine(isValidEmail, INVALID_EMAIL),
});

// Reset tokens only ever reach the database as digests, so their content needs no checks beyond size.
const resetToken = z.string().max(512, 'token is invalid');

/** POST /api/verify-user/:user_id/:token (the reset link's path) */
export const verifyUserParams = z.object({ user_id: z.string(), token: resetToken });

/** POST /api/reset-password */
export const resetPasswordRequest = formBody({
  token: resetToken,
  user_id: z.union([z.string(), z.number()]),
  password: newPassword,
});
