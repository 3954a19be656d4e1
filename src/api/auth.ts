// Typed calls for the account area (spec 1 §7, spec 3 §7). Each answers the server's JSON as it is;
// failures arrive as `{ success: false, message, key? }` and are shown by the screens.
import type { Language, ProviderCard, TokenAnswer, UserInfo, UserInfoAnswer } from '../core/api/auth';
import type { Answer } from '../core/api/common';
import { api, toFormData, type ApiResult } from './client';

export type CallProvider = ProviderCard;

export interface ProviderConfig {
  icon_url?: string;
  profile_id?: string;
  endpoint?: string;
  [key: string]: unknown;
}

export type { Language, UserInfo };
export type UserInfoResult = Answer<UserInfoAnswer> &
  Pick<UserInfoAnswer, 'user_info' | 'languages' | 'default_avatars' | 'llm_available'>;
export type TokenResult = Answer<TokenAnswer>;

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

export function fetchProviders(): Promise<CallProvider[]> {
  return api<CallProvider[]>('/api/providers', { auth: false });
}

export function login(email: string, password: string, providerId: string): Promise<TokenResult> {
  const body = toFormData({ email, password, mre_call_provider_id: providerId });
  return api<TokenResult>('/api/login', { method: 'POST', body, auth: false });
}

export function signup(fields: SignupFields, provider: CallProvider): Promise<TokenResult> {
  const config = parseProviderConfig(provider.config);
  const body = toFormData({
    ...fields,
    mre_call_provider_id: provider.mre_call_provider_id,
    mre_call_provider_name: provider.name,
    mre_call_profile_id: config.profile_id ?? '',
    mre_call_endpoint: config.endpoint ?? '',
  });
  return api<TokenResult>('/api/signup', { method: 'POST', body, auth: false });
}

export function resendCode(): Promise<ApiResult> {
  return api('/api/resend-code');
}

export function confirmEmail(code: string): Promise<ApiResult> {
  return api('/api/confirm-email', { method: 'POST', body: toFormData({ code }) });
}

export function requestPassword(email: string): Promise<ApiResult> {
  return api('/api/request-password', { method: 'POST', body: toFormData({ email }), auth: false });
}

export function fetchUserInfo(): Promise<UserInfoResult> {
  return api<UserInfoResult>('/api/user-info');
}

export function logout(): Promise<ApiResult> {
  return api('/api/logout', { method: 'POST' });
}

export function verifyResetLink(userId: string, token: string): Promise<ApiResult> {
  const path = `/api/verify-user/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;
  return api(path, { method: 'POST', auth: false });
}

export function resetPassword(userId: string, token: string, password: string): Promise<ApiResult> {
  const body = toFormData({ token, user_id: userId, password });
  return api('/api/reset-password', { method: 'POST', body, auth: false });
}

/** The message to show for a thrown call (network or parse failure), per spec 1 §8. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
