// POST /api/tts and /api/stt (spec 3 §7): the bot's voice and the guest's microphone through the
// OpenAI-compatible audio endpoints at LLM_BASE_URL (/v1/audio/speech, /v1/audio/transcriptions),
// when the bot's "External API" switches are on (speech-switches.ts; off, a guest is refused with
// 403 — the widget does not ask then). The voice follows the bot's tts_gender (llm-port.ts
// TTS_VOICES). Without an endpoint they answer 503 with a message, and the chat falls back to the
// browser's own voices and recognition. (5xx answers are sent here: the errors plugin words every
// thrown 5xx as a generic server error.)
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sttAnswer, ttsAnswer } from '../../../src/core/api/chat.js';
import { speechText } from '../../../src/core/text/speech.js';
import { ChatError } from '../../conversations/chat-service.js';
import { chatServiceOf } from '../../conversations/registry.js';
import { fail } from '../../routes/bots/present.js';
import { authorizeSpeech } from './chat-access.js';
import { MAX_AUDIO_BYTES, sttBody, ttsBody } from './chat-fields.js';
import { speechSwitchesOf } from './speech-switches.js';
import { bytesOf } from '../../http/uploads.js';

export const TTS_NOT_CONFIGURED = 'Text to speech is not configured on this server; use the browser voices';
export const STT_NOT_CONFIGURED =
  'Speech to text is not configured on this server; use the browser recognition';
export const SPEECH_FAILED = 'The speech service did not answer. Please try again later.';
export const TTS_SWITCHED_OFF =
  "This bot's External API text to speech is off; the chat uses the browser voices";
export const STT_SWITCHED_OFF =
  "This bot's External API speech to text is off; the chat uses the browser recognition";

const speechRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/tts', { schema: { body: ttsBody, response: { 200: ttsAnswer } } }, async (request, reply) => {
    const { text, lang, guest_id: guestId } = request.body;
    const guest = await authorizeSpeech(app, request, guestId);
    // The voice the bot owner chose (tts_gender), when a guest asks.
    const switches = await speechSwitchesOf(app.db, guest);
    if (!switches.tts) return fail(reply, 403, TTS_SWITCHED_OFF);
    const speech = chatServiceOf(app).ports.speech;
    if (!speech.configured) return fail(reply, 503, TTS_NOT_CONFIGURED);
    const spoken = speechText(text);
    if (!spoken) throw new ChatError(400, 'text has nothing to say');
    let audio: Buffer;
    try {
      audio = await speech.speak(spoken, lang ?? 'en', switches.voice);
    } catch (error) {
      request.log.warn({ err: error }, 'text to speech failed');
      return fail(reply, 502, SPEECH_FAILED);
    }
    return { success: true, base64: audio.toString('base64') };
  });

  app.post('/stt', { schema: { body: sttBody, response: { 200: sttAnswer } } }, async (request, reply) => {
    const { file, lang, guest_id: guestId } = request.body;
    const guest = await authorizeSpeech(app, request, guestId);
    if (!(await speechSwitchesOf(app.db, guest)).stt) return fail(reply, 403, STT_SWITCHED_OFF);
    if (!file.data.length) throw new ChatError(400, 'The recording is empty');
    if (file.data.length > MAX_AUDIO_BYTES) throw new ChatError(413, 'The recording is too large');
    const speech = chatServiceOf(app).ports.speech;
    if (!speech.configured) return fail(reply, 503, STT_NOT_CONFIGURED);
    try {
      const transcript = await speech.transcribe({ ...file, data: bytesOf(file.data) }, lang ?? '');
      return { success: true, transcript };
    } catch (error) {
      request.log.warn({ err: error }, 'speech to text failed');
      return fail(reply, 502, SPEECH_FAILED);
    }
  });
};

export default speechRoutes;
