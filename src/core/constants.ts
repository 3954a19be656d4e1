/** Business constants shared by the app, the widget and the server (spec 1 §9, spec 3 §9). */

/** The built-in call provider used until a visitor picks another (spec 1 §4). */
export const DEFAULT_PROVIDER_ID = 'botflow-default';

export const DEFAULT_LANGUAGE_ID = 2;
export const RESEND_COUNTDOWN_SECONDS = 30;
export const RESEND_MESSAGE_CLEAR_MS = 8000;
export const DELETE_CONFIRM_MS = 7000;
export const BOT_SEARCH_DEBOUNCE_MS = 25;
export const LANGUAGE_SEARCH_DEBOUNCE_MS = 25;
export const RESET_PASSWORD_REDIRECT_MS = 5000;

/** Confirmation codes (server side). */
export const CONFIRMATION_CODE_TTL_MS = 15 * 60 * 1000;
export const CONFIRMATION_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
