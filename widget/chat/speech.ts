// The bot's voice (spec 3 §4, §8, §9): the server's /api/tts when it is configured, otherwise —
// or when it fails — the browser's own voices (en→en-US, fr→fr-CA, ar→ar-SA, rate 0.8, waiting at
// most 1.5 s for the voice list to load). `[[written:spoken]]` pairs, emoji and HTML are handled
// by speechText before anything is said.
import { speechText } from '../../src/core/text/speech';
import { SPEECH_RATE, VOICE_LOADING_TIMEOUT_MS, voiceLanguage } from '../../src/core/widget/constants';
import type { ChatClient } from './chat-api';

export interface Speaker {
  speak(content: string, languageCode: string): void;
  stop(): void;
}

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
  synth.speak(utterance);
}

export function createSpeaker(client: ChatClient, guestId: () => string | null): Speaker {
  // After one "not configured" answer the server is not asked again during this visit.
  let serverVoice = true;
  let audio: HTMLAudioElement | null = null;
  let chain: Promise<void> = Promise.resolve();

  async function say(text: string, code: string): Promise<void> {
    if (serverVoice) {
      try {
        const base64 = await client.tts(text, code, guestId());
        if (base64) {
          audio = new Audio(`data:audio/wav;base64,${base64}`);
          await new Promise<void>((resolve) => {
            audio!.onended = audio!.onerror = () => resolve();
            audio!.play().catch(resolve);
          });
          return;
        }
        serverVoice = false;
      } catch (error) {
        console.error('Speech output failed; using the browser voice.', error);
        serverVoice = false;
      }
    }
    await speakInBrowser(text, code);
  }

  return {
    speak(content, code) {
      const text = speechText(content);
      if (!text) return;
      chain = chain
        .then(() => say(text, code))
        .catch((error) => console.error('Speech output failed.', error));
    },
    stop() {
      chain = Promise.resolve();
      audio?.pause();
      globalThis.speechSynthesis?.cancel();
    },
  };
}
