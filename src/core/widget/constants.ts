// The chat widget's business constants (spec 3 §9).

/** Typing indicator shown before each bot reply. */
export const TYPING_DELAY_MS = 1000;
/** BOT_PERIODICAL_PING_MINUTES: the guest id is pinged this often so the session stays alive. */
export const BOT_PERIODICAL_PING_MINUTES = 30;
export const PING_INTERVAL_MS = BOT_PERIODICAL_PING_MINUTES * 60 * 1000;
/** Calls: poll every 2 s; a failed fetch is tried up to 3 times, 1 s apart. */
export const CALL_POLL_MS = 2000;
export const CALL_FETCH_RETRIES = 3;
export const CALL_RETRY_DELAY_MS = 1000;
/** Speech: the browser's voices may load late; give up waiting after 1.5 s. */
export const VOICE_LOADING_TIMEOUT_MS = 1500;
export const SPEECH_RATE = 0.8;
/** The microphone is released this long after recording stops. */
export const MIC_RELEASE_MS = 200;
/** What the first open of the chat sends (with ignore_saving, so it is not stored). */
export const FIRST_MESSAGE = 'Hello';

/** Spec 3 §5: the only files a guest may send. */
export const ACCEPTED_CHAT_FILE_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'application/pdf'] as const;

export function isAcceptedChatFile(mimeType: string): boolean {
  return (ACCEPTED_CHAT_FILE_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

/** Browser voice per language code (spec 3 §9); other codes are used as they are. */
export const VOICE_LANGUAGES: Readonly<Record<string, string>> = { en: 'en-US', fr: 'fr-CA', ar: 'ar-SA' };

export function voiceLanguage(code: string): string {
  return VOICE_LANGUAGES[code.toLowerCase()] ?? code;
}

/** Texts the chat shows (spec 3 §8). */
export const WIDGET_TEXTS = {
  uploadFailed: 'Failed to upload file.',
  uploadError: 'An error occurred during the upload.',
  callOutsideWidget: 'Calls can work only inside the widget',
  callMisconfigured: 'Sorry! there is a configuration issue. Please refresh or try again later on.',
  realtimeOutsideWidget: 'realtime AI can work only inside the widget',
} as const;
