// POST /api/tts and /api/stt (spec 3 §7): the bot's voice and the guest's microphone through the
// OpenAI-compatible audio endpoints. Without an endpoint they answer 503 with a message, and the
// chat falls back to the browser's own voices and recognition. (5xx answers are sent here: the
// errors plugin words every thrown 5xx as a generic server error.)
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { speechText } from '../../../src/core/text/speech.js';
import { findGuest } from '../../repos/guests.js';
import { loadChatBot } from '../../runtime/chat-bot.js';
import { ChatError, MAIN_FLOW } from '../../runtime/chat-service.js';
import { chatServiceOf } from '../../runtime/registry.js';
import { fail } from '../bots/present.js';
import { authorizeSpeech } from './chat-access.js';
import { MAX_AUDIO_BYTES, sttBody, ttsBody } from './chat-fields.js';

export const TTS_NOT_CONFIGURED = 'Text to speech is not configured on this server; use the browser voices';
export const STT_NOT_CONFIGURED =
  'Speech to text is not configured on this server; use the browser recognition';
export const SPEECH_FAILED = 'The speech service did not answer. Please try again later.';

const speechRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/tts', { schema: { body: ttsBody } }, async (request, reply) => {
    const { text, lang, guest_id: guestId } = request.body;
    await authorizeSpeech(app, request, guestId);
    const speech = chatServiceOf(app).ports.speech;
    if (!speech.configured) return fail(reply, 503, TTS_NOT_CONFIGURED);
    // The voice the bot owner chose (tts_gender) when a guest asks.
    const guest = guestId ? await findGuest(app.db, guestId) : null;
    const bot = guest ? await loadChatBot(app.db, guest.botId, MAIN_FLOW) : null;
    const spoken = speechText(text);
    if (!spoken) throw new ChatError(400, 'text has nothing to say');
    let audio: Buffer;
    try {
      audio = await speech.speak(spoken, lang ?? 'en', bot?.ttsGender ?? 'female');
    } catch (error) {
      request.log.warn({ err: error }, 'text to speech failed');
      return fail(reply, 502, SPEECH_FAILED);
    }
    return { success: true, base64: audio.toString('base64') };
  });

  app.post('/stt', { schema: { body: sttBody } }, async (request, reply) => {
    const { file, lang, guest_id: guestId } = request.body;
    await authorizeSpeech(app, request, guestId);
    if (!file.data.length) throw new ChatError(400, 'The recording is empty');
    if (file.data.length > MAX_AUDIO_BYTES) throw new ChatError(413, 'The recording is too large');
    const speech = chatServiceOf(app).ports.speech;
    if (!speech.configured) return fail(reply, 503, STT_NOT_CONFIGURED);
    try {
      const transcript = await speech.transcribe(file, lang ?? '');
      return { success: true, transcript };
    } catch (error) {
      request.log.warn({ err: error }, 'speech to text failed');
      return fail(reply, 502, SPEECH_FAILED);
    }
  });
};

export default speechRoutes;
