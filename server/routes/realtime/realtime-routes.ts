// Realtime AI inside the widget (spec 3 §1, §4 Call): the chat records the guest's voice, turns it
// into text with /api/stt, and asks here for the AI's answer, which it speaks with /api/tts.
//   POST /api/realtime/{guestId}/start          → { success, reply }  reply: the AI's opening
//        words, or null when the node waits for the guest to speak first; forgets earlier turns.
//   POST /api/realtime/{guestId}  { text }      → { success, reply }  one spoken turn.
// The flow goes on when the chat sends REALTIME_AI_ENDED to /api/chat, as outside the widget.
// Without an LLM endpoint both answer 503, and the chat says so and ends the session.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  realtimePath as params,
  realtimeReplyAnswer,
  realtimeTurnRequest as turnBody,
} from '../../../src/core/api/chat.js';
import { AI_FAILED } from '../../runtime/nodes/ai.js';
import { chatServiceOf } from '../../conversations/registry.js';
import { fail } from '../bots/present.js';
import { VoiceHistories } from './voice-history.js';
import { OPENING_CUE, voiceMessages } from './voice-prompt.js';
import { findVoiceSession, type VoiceSession } from './voice-session.js';

export const REALTIME_NOT_CONFIGURED = 'Realtime AI is not configured for this bot';
const realtimeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const histories = new VoiceHistories(app.db);

  /** The AI's answer to `said`, kept in the guest's history; a 5xx reply when there is none. */
  async function answer(voice: VoiceSession, said: string, reply: FastifyReply) {
    const { llm, retrieval } = chatServiceOf(app).ports;
    if (!llm.configured) return fail(reply, 503, REALTIME_NOT_CONFIGURED);
    const { node, session } = voice;
    const retriever = retrieval.forBot?.(voice.botId) ?? retrieval;
    const found = node.useNLPResources
      ? await retriever.retrieve({ query: said, language: session.language, sources: node.NLPResources })
      : [];
    const passages = found.map(
      (p) => `(${p.source.name}${p.source.page ? `, page ${p.source.page}` : ''}) ${p.text}`,
    );
    const history = await histories.read(voice.guestId, voice.key);
    const messages = voiceMessages({
      instructions: voice.instructions,
      language: session.language,
      passages,
      history,
      said,
    });
    let text: string;
    try {
      text = (await llm.chat(messages)).trim();
    } catch (error) {
      app.log.warn({ err: error }, 'realtime AI turn failed');
      return fail(reply, 502, AI_FAILED);
    }
    await histories.append(
      voice.guestId,
      voice.key,
      { role: 'user', content: said },
      { role: 'assistant', content: text },
    );
    return { success: true, reply: text };
  }

  app.post(
    '/realtime/:guestId/start',
    { schema: { params, response: { 200: realtimeReplyAnswer } } },
    async (request, reply) => {
      const voice = await findVoiceSession(app, request, request.params.guestId);
      await histories.reset(voice.guestId);
      if (!chatServiceOf(app).ports.llm.configured) return fail(reply, 503, REALTIME_NOT_CONFIGURED);
      if (voice.node.waitForUserInteraction) return { success: true, reply: null };
      return answer(voice, OPENING_CUE, reply);
    },
  );

  app.post(
    '/realtime/:guestId',
    { schema: { params, body: turnBody, response: { 200: realtimeReplyAnswer } } },
    async (request, reply) => {
      const voice = await findVoiceSession(app, request, request.params.guestId);
      return answer(voice, request.body.text, reply);
    },
  );
};

export default realtimeRoutes;
