// The account calls (spec 1 §7, spec 3 §7), one per route, typed by the contract in
// src/core/api/auth.ts. Refusals arrive as `{ success: false, message, key? }` and are shown by the
// screens.
import {
  confirmEmailRequest,
  loginRequest,
  outcomeAnswer,
  passwordRequest,
  providersAnswer,
  resetPasswordRequest,
  signupRequest,
  tokenAnswer,
  userInfoAnswer,
  verifyUserParams,
  type Language,
  type ProviderCard,
  type UserInfo,
} from '../core/api/auth';
import { defineCall } from './define-call';

export type CallProvider = ProviderCard;
export type { Language, UserInfo };

export interface ProviderConfig {
  icon_url?: string;
  profile_id?: string;
  endpoint?: string;
  [key: string]: unknown;
}

export interface SignupFields {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password: string;
}

/** The provider's config arrives as JSON text; a broken one reads as empty rather than failing. */
export function parseProviderConfig(config: string): ProviderConfig {
  try {
    const parsed: unknown = JSON.parse(config);
    return parsed && typeof parsed === 'object' ? (parsed as ProviderConfig) : {};
  } catch {
    return {};
  }
}

const calls = {
  providers: defineCall('GET', '/api/providers', { response: providersAnswer, auth: false }),
  login: defineCall('POST', '/api/login', { request: loginRequest, response: tokenAnswer, auth: false }),
  signup: defineCall('POST', '/api/signup', { request: signupRequest, response: tokenAnswer, auth: false }),
  resendCode: defineCall('GET', '/api/resend-code', { response: outcomeAnswer }),
  confirmEmail: defineCall('POST', '/api/confirm-email', {
    request: confirmEmailRequest,
    response: outcomeAnswer,
  }),
  requestPassword: defineCall('POST', '/api/request-password', {
    request: passwordRequest,
    response: outcomeAnswer,
    auth: false,
  }),
  userInfo: defineCall('GET', '/api/user-info', { response: userInfoAnswer }),
  logout: defineCall('POST', '/api/logout', { response: outcomeAnswer }),
  verifyUser: defineCall('POST', '/api/verify-user/:user_id/:token', {
    params: verifyUserParams,
    response: outcomeAnswer,
    auth: false,
  }),
  resetPassword: defineCall('POST', '/api/reset-password', {
    request: resetPasswordRequest,
    response: outcomeAnswer,
    auth: false,
  }),
};

export const fetchProviders = () => calls.providers();

export const login = (email: string, password: string, providerId: string) =>
  calls.login({ body: { email, password, mre_call_provider_id: providerId } });

export function signup(fields: SignupFields, provider: CallProvider) {
  const config = parseProviderConfig(provider.config);
  return calls.signup({
    body: {
      ...fields,
      mre_call_provider_id: provider.mre_call_provider_id,
      mre_call_provider_name: provider.name,
      mre_call_profile_id: config.profile_id ?? '',
      mre_call_endpoint: config.endpoint ?? '',
    },
  });
}

export const resendCode = () => calls.resendCode();
export const confirmEmail = (code: string) => calls.confirmEmail({ body: { code } });
export const requestPassword = (email: string) => calls.requestPassword({ body: { email } });
export const fetchUserInfo = () => calls.userInfo();
export const logout = () => calls.logout();

export const verifyResetLink = (userId: string, token: string) =>
  calls.verifyUser({ params: { user_id: userId, token } });

export const resetPassword = (userId: string, token: string, password: string) =>
  calls.resetPassword({ body: { token, user_id: userId, password } });

/** The message to show for a thrown call (network or parse failure), per spec 1 §8. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
