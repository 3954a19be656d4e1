// The contract of the account routes (spec 1 §7, spec 3 §7): sign-up, sign-in, e-mail
// confirmation, password reset, the user's info and the call providers.
import { z } from 'zod';

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

// Requests, as the app sends them (a multipart form of these fields). The server's own schemas
// (server/routes/auth) decode and check the same fields with the messages of spec 1 §8.

/** POST /api/login */
export const loginRequest = z.object({
  email: z.string(),
  password: z.string(),
  mre_call_provider_id: z.string().optional(),
});

/** POST /api/signup: the account, and the call provider it signs up with. */
export const signupRequest = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  password: z.string(),
  mre_call_provider_id: z.string(),
  mre_call_provider_name: z.string(),
  mre_call_profile_id: z.string(),
  mre_call_endpoint: z.string(),
});

/** POST /api/confirm-email */
export const confirmEmailRequest = z.object({ code: z.string() });

/** POST /api/request-password */
export const passwordRequest = z.object({ email: z.string() });

/** POST /api/reset-password */
export const resetPasswordRequest = z.object({
  token: z.string(),
  user_id: z.string(),
  password: z.string(),
});
