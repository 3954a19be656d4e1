// The guest's voice (spec 3 §4, §5): a recording sent to /api/stt, or the browser's own speech
// recognition when the server has none. Only a non-empty transcript is sent as a message.
import { MIC_RELEASE_MS, voiceLanguage } from '../../src/core/widget/constants';
import type { ChatClient } from './chat-api';

interface Recognition {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | null {
  const scope = globalThis as unknown as Record<string, RecognitionConstructor | undefined>;
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

export function isTranscript(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

export interface Microphone {
  readonly available: boolean;
  start(languageCode: string, onTranscript: (text: string) => void, onState: (on: boolean) => void): void;
  stop(): void;
}

/**
 * `server`: recordings go to /api/stt — the bot's switch is on (server-speech.ts) and the widget
 * info says the server's recognition works; else only the browser's recognition is used.
 */
export function createMicrophone(
  client: ChatClient,
  guestId: () => string | null,
  server = true,
): Microphone {
  let serverStt = server;
  let recorder: MediaRecorder | null = null;
  let recognition: Recognition | null = null;

  function recognize(code: string, onTranscript: (text: string) => void, onState: (on: boolean) => void) {
    const Recognition = recognitionClass();
    if (!Recognition) return onState(false);
    recognition = new Recognition();
    recognition.lang = voiceLanguage(code);
    recognition.interimResults = false;
    recognition.onresult = (event) => {
      const text = event.results[0]?.[0]?.transcript;
      if (isTranscript(text)) onTranscript(text.trim());
    };
    recognition.onerror = (error) => console.warn('Speech recognition failed.', error);
    recognition.onend = () => onState(false);
    onState(true);
    recognition.start();
  }

  return {
    get available() {
      return Boolean(globalThis.MediaRecorder && navigator.mediaDevices) || recognitionClass() !== null;
    },
    start(code, onTranscript, onState) {
      if (!serverStt || !globalThis.MediaRecorder || !navigator.mediaDevices) {
        return recognize(code, onTranscript, onState);
      }
      void navigator.mediaDevices
        .getUserMedia({ audio: true })
        .then((stream) => {
          const chunks: Blob[] = [];
          recorder = new MediaRecorder(stream);
          recorder.ondataavailable = (e) => chunks.push(e.data);
          recorder.onstop = async () => {
            // Release the microphone a moment after the recording ends (spec 3 §9).
            setTimeout(() => stream.getTracks().forEach((track) => track.stop()), MIC_RELEASE_MS);
            onState(false);
            const transcript = await client.stt(
              new Blob(chunks, { type: recorder?.mimeType }),
              code,
              guestId(),
            );
            if (transcript === null) {
              serverStt = false;
              return recognize(code, onTranscript, onState);
            }
            if (isTranscript(transcript)) onTranscript(transcript.trim());
          };
          recorder.start();
          onState(true);
        })
        .catch((error) => {
          console.warn('The microphone is not available.', error);
          onState(false);
        });
    },
    stop() {
      if (recorder?.state === 'recording') recorder.stop();
      recognition?.stop();
    },
  };
}
