// The bot's voice (spec 3 §4, §8, §9): the server's /api/tts when the widget info says it works,
// otherwise — or when it fails — the browser's own voices (en→en-US, fr→fr-CA, ar→ar-SA, rate 0.8, waiting at
// most 1.5 s for the voice list to load). `[[written:spoken]]` pairs, emoji and HTML are handled
// by speechText before anything is said.
import { speechText } from '../../src/core/text/speech';
import { SPEECH_RATE, VOICE_LOADING_TIMEOUT_MS, voiceLanguage } from '../../src/core/widget/constants';
import type { ChatClient } from './chat-api';

export interface Speaker {
  /** Queues a bot message to be spoken after those already queued. */
  speak(content: string, languageCode: string): void;
  /**
   * Says `content` now and resolves once it has been said, or at once when `signal` aborts
   * (realtime AI listens again only after the AI has finished speaking).
   */
  say(content: string, languageCode: string, signal?: AbortSignal): Promise<void>;
  stop(): void;
}

/** A voice that never starts or never ends (no voices installed) must not hold the session. */
const spokenWithin = (text: string) => 3000 + text.length * 120;

function loadVoices(synth: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const voices = synth.getVoices();
  if (voices.length) return Promise.resolve(voices);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, VOICE_LOADING_TIMEOUT_MS);
    synth.addEventListener('voiceschanged', done);
  });
}

/** Resolves once the utterance is over (or could not be said). */
async function speakInBrowser(text: string, code: string): Promise<void> {
  const synth = globalThis.speechSynthesis;
  if (!synth) return;
  const lang = voiceLanguage(code);
  const voices = await loadVoices(synth);
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  utterance.rate = SPEECH_RATE;
  utterance.voice =
    voices.find((v) => v.lang === lang) ?? voices.find((v) => v.lang.startsWith(`${code}-`)) ?? null;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, spokenWithin(text));
    utterance.onend = utterance.onerror = () => (clearTimeout(timer), resolve());
    synth.speak(utterance);
  });
}

/**
 * `server`: the bot's voice comes from /api/tts — the bot's switch is on (server-speech.ts) and the
 * widget info says the server's speech works; else the server is never asked, the browser speaks.
 */
export function createSpeaker(client: ChatClient, guestId: () => string | null, server = true): Speaker {
  // After one "not configured" answer the server is not asked again during this visit.
  let serverVoice = server;
  let audio: HTMLAudioElement | null = null;
  let chain: Promise<void> = Promise.resolve();

  async function say(text: string, code: string, signal?: AbortSignal): Promise<void> {
    if (serverVoice) {
      try {
        const base64 = await client.tts(text, code, guestId());
        if (signal?.aborted) return;
        if (base64) {
          const playing = new Audio(`data:audio/wav;base64,${base64}`);
          audio = playing;
          await new Promise<void>((resolve) => {
            playing.onended = playing.onerror = playing.onpause = () => resolve();
            playing.play().catch(() => resolve());
          });
          return;
        }
        serverVoice = false;
      } catch (error) {
        console.warn('Speech output failed; using the browser voice.', error);
        serverVoice = false;
      }
    }
    if (!signal?.aborted) await speakInBrowser(text, code);
  }

  return {
    speak(content, code) {
      const text = speechText(content);
      if (!text) return;
      chain = chain
        .then(() => say(text, code))
        .catch((error) => console.error('Speech output failed.', error));
    },
    async say(content, code, signal) {
      const text = speechText(content);
      if (!text || signal?.aborted) return;
      const hush = () => silence();
      signal?.addEventListener('abort', hush, { once: true });
      await say(text, code, signal).catch((error) => console.error('Speech output failed.', error));
      signal?.removeEventListener('abort', hush);
    },
    stop() {
      chain = Promise.resolve();
      silence();
    },
  };

  function silence() {
    audio?.pause();
    globalThis.speechSynthesis?.cancel();
  }
}
