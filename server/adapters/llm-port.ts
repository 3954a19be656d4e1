// The real LlmPort and speech: an OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY,
// LLM_MODEL) for chat completions, text to speech (/audio/speech) and speech to text
// (/audio/transcriptions). The endpoint is the operator's own configuration, so it is not held
// to the private-address rule of the api node (a local model server is a normal set-up).
import type { ChatMessage, LlmPort } from '../runtime/ports.js';

export interface LlmConfig {
  llmBaseUrl: string;
  llmApiKey: string;
  llmModel: string;
}

/** The audio models every OpenAI-compatible server names this way. */
export const TTS_MODEL = 'tts-1';
/**
 * The voice for the bot's tts_gender (spec 1: male / female), among the voices every
 * OpenAI-compatible /v1/audio/speech offers: nova (female) and onyx (male).
 */
export const TTS_VOICES = { female: 'nova', male: 'onyx' } as const;
export const STT_MODEL = 'whisper-1';
const TIMEOUT_MS = 60_000;

export interface SpeechPort {
  readonly configured: boolean;
  /** WAV audio of the text. */
  speak(text: string, language: string, voice: 'female' | 'male'): Promise<Buffer>;
  transcribe(audio: { data: Buffer; filename: string; mimetype: string }, language: string): Promise<string>;
}

export class LlmError extends Error {}

export function createLlm(config: LlmConfig): LlmPort & SpeechPort {
  const base = config.llmBaseUrl.replace(/\/+$/, '');
  const configured = base.length > 0;
  const auth: Record<string, string> = config.llmApiKey
    ? { authorization: `Bearer ${config.llmApiKey}` }
    : {};

  async function post(path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
    if (!configured) throw new LlmError('No LLM endpoint is configured');
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...auth, ...headers },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new LlmError(`${path} answered ${response.status}`);
    return response;
  }

  return {
    configured,
    async chat(messages: ChatMessage[], options: { json?: boolean } = {}) {
      const body = {
        model: config.llmModel,
        messages,
        ...(options.json ? { response_format: { type: 'json_object' } } : {}),
      };
      const response = await post('/chat/completions', JSON.stringify(body), {
        'content-type': 'application/json',
      });
      const data = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = data.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new LlmError('The chat completion has no message');
      return content;
    },
    async speak(text, _language, voice) {
      const body = {
        model: TTS_MODEL,
        input: text,
        voice: TTS_VOICES[voice],
        response_format: 'wav',
      };
      const response = await post('/audio/speech', JSON.stringify(body), {
        'content-type': 'application/json',
      });
      return Buffer.from(await response.arrayBuffer());
    },
    async transcribe(audio, language) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio.data)], { type: audio.mimetype }), audio.filename);
      form.append('model', STT_MODEL);
      if (language) form.append('language', language);
      const response = await post('/audio/transcriptions', form);
      const data = (await response.json()) as { text?: unknown };
      if (typeof data.text !== 'string') throw new LlmError('The transcription has no text');
      return data.text;
    },
  };
}
