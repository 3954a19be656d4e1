// Which realtime AI session a voice call belongs to: the guest (its id is the call's key, as for
// every call about an existing guest), waiting at a realtime-ai node of its bot, on a page the bot
// may run on (the same origin check as POST /api/chat, or the owner's token in the emulator).
// The node's prompt is read from the published flow, in the guest's language, with the flow's
// variables filled in — the same text the realtime-ai reply carried.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RealtimeAiNode } from '../../../src/core/flow/index.js';
import { interpolate } from '../../../src/core/text/interpolate.js';
import { findGuest } from '../../repos/guests.js';
import { loadChatBot } from '../../conversations/chat-bot.js';
import { ChatError, GUEST_NOT_FOUND } from '../../conversations/chat-service.js';
import { pickText } from '../../runtime/language.js';
import { chatServiceOf } from '../../conversations/registry.js';
import { sessionScope, type GuestSession } from '../../runtime/session.js';
import { authorizeChat } from '../../channels/web/chat-access.js';

export const REALTIME_NOT_ACTIVE = 'This conversation is not in a realtime AI session';

export interface VoiceSession {
  guestId: string;
  /** `flow/node`: turns said at another node are not this session's. */
  key: string;
  node: RealtimeAiNode;
  /** Whose knowledge sources the node may search. */
  botId: number;
  session: GuestSession;
  instructions: string;
}

export async function findVoiceSession(
  app: FastifyInstance,
  request: FastifyRequest,
  guestId: string,
): Promise<VoiceSession> {
  const guest = await findGuest(app.db, guestId);
  if (!guest) throw new ChatError(404, GUEST_NOT_FOUND);
  const at = guest.session.at;
  const bot = await loadChatBot(app.db, guest.botId, at?.flow ?? guest.session.flow);
  await authorizeChat(app, request, bot);
  if (!at || at.wait.kind !== 'realtime-ai' || !bot?.flow) throw new ChatError(409, REALTIME_NOT_ACTIVE);
  const flow = await chatServiceOf(app).flows.at(bot.id, at.flow, bot.flow);
  const node = flow?.byId.get(at.node);
  if (node?.type !== 'realtime-ai') throw new ChatError(409, REALTIME_NOT_ACTIVE);
  const raw = pickText(node.prompt, guest.session.language);
  const instructions = raw.includes('${{') ? interpolate(raw, sessionScope(guest.session)) : raw;
  return { guestId, key: `${at.flow}/${at.node}`, node, botId: bot.id, session: guest.session, instructions };
}
