// The server side of chatting (ARCHITECTURE.md "Chatting"): load the published flow (cached by
// version) and the guest's session, run `step` with the real ports, and store the new session
// and the turn's messages atomically (TurnWriter: turns ending together share a commit). Turns
// of one guest are serialised in this process (GuestQueue) and across processes by the
// session's version: a lost race runs the turn once more on the fresh session.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { beforeDatabaseCloses } from '../db/close-hooks.js';
import type { Database } from '../db/schema.js';
import { findProvider } from '../repos/providers.js';
import { readConversation, type TurnMessage } from '../repos/conversation.js';
import {
  findChannelGuestId,
  findGuest,
  GuestConflictError,
  type ChannelChat,
  type StoredGuest,
  type TurnRecord,
} from '../repos/guests.js';
import { loadChatTurn, type ChatBot } from './chat-bot.js';
import { readChatFile } from './chat-files.js';
import { systemClock } from '../adapters/clock.js';
import { FlowCache } from './flow-source.js';
import { newGuestId } from './guest-id.js';
import { GuestQueue } from './guest-queue.js';
import { createHttpPort } from '../adapters/http-port.js';
import { createLlm } from '../adapters/llm-port.js';
import type { RunnableFlow, RuntimePorts, Subscription } from '../runtime/ports.js';
import { createEmbedder } from '../knowledge/embeddings.js';
import { knowledgeRetriever } from '../knowledge/retriever.js';
import { isKeptInConversation, wireReply } from '../runtime/replies.js';
import { newSession, type GuestSession } from '../runtime/session.js';
import { step, type StepResult } from '../runtime/step.js';
import { TurnWriter } from './turn-writer.js';
import { turnEvent } from '../analytics/turn-events.js';

export * from './conversation-terms.js';

/** A turn the bot starts: what to store, and the replies as a channel sends them. */
export interface ProactiveTurn {
  record: TurnRecord;
  replies: ChatReply[];
}
import {
  ChatError,
  GUEST_NOT_FOUND,
  MAIN_FLOW,
  NO_FLOW,
  TURN_CONFLICT,
  type BotRef,
  type ChatReply,
  type ChatRequest,
  type ConverseAnswer,
  type ConverseInput,
  type GuestRef,
  type ServicePorts,
} from './conversation-terms.js';

async function refuseMissingBot(bot: ChatBot | null): Promise<void> {
  if (!bot) throw new ChatError(404, 'Bot not found');
}

/**
 * The turn's replies as the client reads them; those kept in the conversation are appended to
 * `messages` and numbered after the `messageCount` messages stored before the turn.
 */
function keepReplies(
  result: Pick<StepResult, 'replies' | 'session'>,
  messageCount: number,
  messages: TurnMessage[],
  now: number,
): ChatReply[] {
  const date = new Date(now).toISOString();
  return result.replies.map((reply) => {
    const wire = wireReply(reply);
    const languageCode = reply.languageCode ?? result.session.language;
    const out: ChatReply = { ...wire, from: 'bot', language_code: languageCode, date };
    if (isKeptInConversation(wire)) {
      out.id = messageCount + messages.length;
      messages.push({ sender: 'bot', payload: wire, translations: reply.translations, languageCode });
    }
    return out;
  });
}

export class ChatService {
  readonly flows: FlowCache;
  readonly queue = new GuestQueue();
  private readonly writer: TurnWriter;
  readonly ports: ServicePorts;
  private codes: Promise<Map<number, string>> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    overrides: Partial<ServicePorts> = {},
  ) {
    this.flows = new FlowCache(db);
    this.writer = new TurnWriter(db);
    // Every turn runs in the queue and is stored before it leaves it: a server closing (its
    // clients gone) lets the turns in flight finish before the database closes.
    beforeDatabaseCloses(db, () => this.queue.idle());
    const llm = createLlm(config);
    this.ports = {
      http: createHttpPort({ allowPrivateTargets: config.allowPrivateTargets }),
      llm,
      speech: llm,
      retrieval: knowledgeRetriever(db, createEmbedder(config), config.knowledgeNoAnswerText),
      clock: systemClock,
      ...overrides,
    };
  }

  /** Language codes by id (reference data: read once). */
  languageCodes(): Promise<Map<number, string>> {
    this.codes ??= this.db
      .selectFrom('languages')
      .select(['id', 'code'])
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.id, r.code])));
    return this.codes;
  }

  /** Runs `work` on the guest's stored session, after any turn of the same guest in flight. */
  withGuest<T>(guestId: string, botId: number | null, work: (guest: StoredGuest) => Promise<T>): Promise<T> {
    return this.queue.run(guestId, async () => {
      for (let attempt = 0; ; attempt++) {
        const guest = await findGuest(this.db, guestId);
        if (!guest || (botId !== null && guest.botId !== botId)) throw new ChatError(404, GUEST_NOT_FOUND);
        try {
          return await work(guest);
        } catch (error) {
          if (!(error instanceof GuestConflictError)) throw error;
          if (attempt >= 1) throw new ChatError(409, TURN_CONFLICT);
        }
      }
    });
  }

  /**
   * One turn of a conversation, for every channel (ARCHITECTURE.md "Chatting"): reads the bot and
   * the guest's session, runs `step`, and stores the new session and the turn's messages through
   * the one batched TurnWriter. Turns of one guest run one at a time in this process (the queue)
   * and across processes by the session's version: a lost race runs the turn once more on the
   * fresh session. A channel's guest is found by its chat id and created by its first turn.
   */
  async converse(botRef: BotRef, guestRef: GuestRef, input: ConverseInput): Promise<ConverseAnswer> {
    const root = botRef.template || MAIN_FLOW;
    const codes = await this.languageCodes();
    const chat = 'chatId' in guestRef ? { channel: guestRef.channel, chatId: guestRef.chatId } : null;
    const hint = 'chatId' in guestRef ? guestRef.knownGuestId : undefined;
    const load = async (guestId: string | null) => {
      const data = await loadChatTurn(this.db, botRef.id, root, guestId);
      await (botRef.authorize ?? refuseMissingBot)(data?.bot ?? null);
      const { bot, guest } = data!;
      const flow = bot.flow ? await this.flows.at(bot.id, root, bot.flow) : null;
      if (!flow || !flow.nodes.length) {
        throw new ChatError(
          404,
          root === MAIN_FLOW ? NO_FLOW : `The flow template "${root}" has no published flow`,
        );
      }
      return { bot, guest, flow };
    };
    // The queue's key: a web guest's id, or the chat (whose guest id may not exist yet).
    const key = chat
      ? `${botRef.id}:${chat.channel}:${chat.chatId}`
      : (guestRef as { guestId: string | null }).guestId;
    if (!chat && !key) {
      const guestId = newGuestId();
      // In the queue like every turn, so that a closing server waits for it.
      return this.queue.run(guestId, async () => {
        const { bot, flow } = await load(null);
        return this.turn(bot, flow, null, guestId, null, input, codes);
      });
    }
    return this.queue.run(key!, async () => {
      for (let attempt = 0; ; attempt++) {
        const known = !chat
          ? key!
          : attempt === 0 && hint !== undefined
            ? hint
            : await findChannelGuestId(this.db, botRef.id, chat);
        const { bot, guest, flow } = await load(known);
        if (!guest && !chat) throw new ChatError(404, GUEST_NOT_FOUND);
        try {
          return await this.turn(bot, flow, guest, guest?.id ?? newGuestId(), chat, input, codes);
        } catch (error) {
          if (!(error instanceof GuestConflictError)) throw error;
          if (attempt >= 1) throw new ChatError(409, TURN_CONFLICT);
        }
      }
    });
  }

  /**
   * A turn the bot starts (a notification, issue 18): `root` (main or a flow template) runs from
   * its start for the stored guest, as if the guest had said nothing. Nothing is written: the
   * caller stores the record with its own delivery row in one transaction. null when the bot or
   * the flow is gone. `replies` are the messages as a channel sends them.
   */
  async proactiveTurn(guest: StoredGuest, root: string): Promise<ProactiveTurn | null> {
    const run = await this.proactiveRunner(guest.botId, root);
    return run ? run(guest) : null;
  }

  /**
   * proactiveTurn for many guests of one bot: the bot and its flow are read once, then each
   * guest's turn is `step` alone (a notification's batch of guests). null when the bot or the
   * flow is gone.
   */
  async proactiveRunner(
    botId: number,
    root: string,
  ): Promise<((guest: StoredGuest) => Promise<ProactiveTurn>) | null> {
    const codes = await this.languageCodes();
    const data = await loadChatTurn(this.db, botId, root, null);
    const bot = data?.bot;
    const flow = bot?.flow ? await this.flows.at(bot.id, root, bot.flow) : null;
    if (!bot || !flow || !flow.nodes.length) return null;
    return async (guest) => {
      const session: GuestSession = { ...structuredClone(guest.session), at: null, stack: [] };
      const subscriptions: Subscription[] = [];
      const result = await step(flow, session, { text: '' }, this.turnPorts(bot, subscriptions, codes));
      const now = this.ports.clock.now();
      const messages: TurnMessage[] = [];
      const replies = keepReplies(result, session.messageCount, messages, now);
      // The guest's own flow (main, or the emulator's template) is where the next conversation starts.
      result.session.flow = guest.session.flow;
      result.session.messageCount = session.messageCount + messages.length;
      const record: TurnRecord = {
        guestId: guest.id,
        botId: bot.id,
        expectedVersion: guest.version,
        session: result.session,
        messages,
        firstSeq: session.messageCount,
        subscriptions,
        now,
      };
      return { record, replies };
    };
  }

  /** The web chat's turn (POST /api/chat): `converse` for a web guest. */
  chat(botId: number, request: ChatRequest, authorize: (bot: ChatBot | null) => Promise<void>) {
    const { guestId, targetTemplate, ...input } = request;
    return this.converse({ id: botId, template: targetTemplate, authorize }, { guestId }, input);
  }

  /**
   * Stores a session changed outside a turn (language, custom variables) through the same writer
   * as turns, over the version it was read at (GuestConflictError when it moved on).
   */
  saveSession(guest: StoredGuest, session: GuestSession): Promise<void> {
    return this.writer.write({
      guestId: guest.id,
      botId: guest.botId,
      expectedVersion: guest.version,
      session,
      messages: [],
      firstSeq: session.messageCount,
      subscriptions: [],
      now: this.ports.clock.now(),
    });
  }

  private prepare(
    bot: ChatBot,
    guest: StoredGuest | null,
    root: string,
    request: ConverseInput,
    codes: Map<number, string>,
  ) {
    const fallback = codes.get(bot.language) ?? 'en';
    let session: GuestSession = guest ? guest.session : newSession(root, fallback);
    // The emulator switched to another template, or the guest asked to start again: a fresh run,
    // numbered after the old messages, in the language the guest chose (if they chose one).
    if (session.flow !== root || request.restart) {
      const kept = session;
      session = {
        ...newSession(root, kept.preferredLanguage ?? kept.language),
        messageCount: kept.messageCount,
      };
      session.preferredLanguage = kept.preferredLanguage;
      session.languageChosen = kept.languageChosen;
      session.env = kept.env;
    }
    // A language sent with a message sets the language of a conversation nobody chose one for
    // yet (the widget sends one only when the guest picked it before the server knew the guest).
    // Once a language-changer node or the guest's switch (PUT /api/language) chose, it holds: a
    // client repeating its language on every turn must not undo the flow's choice.
    if (request.language && !session.languageChosen && !session.preferredLanguage) {
      session.language = request.language;
      session.languageChosen = true;
    }
    const env = session.env;
    if (request.courseId !== undefined) env.ENV_COURSE_ID = request.courseId;
    if (request.custom) env.custom = request.custom;
    if (request.environment) env.ENVIRONMENT = request.environment;
    if (request.waNumber !== undefined) env.WA_NUMBER = request.waNumber;
    return session;
  }

  private async turn(
    bot: ChatBot,
    flow: RunnableFlow,
    guest: StoredGuest | null,
    guestId: string,
    chat: ChannelChat | null,
    request: ConverseInput,
    codes: Map<number, string>,
  ): Promise<ConverseAnswer> {
    const session = this.prepare(bot, guest, flow.name, request, codes);
    if (request.ignoreSaving && guest && session.messageCount > 0) {
      // A returning guest reopening the chat: nothing is answered, the conversation is restored.
      await this.saveSession(guest, session);
      const oldConversation = await readConversation(this.db, guestId);
      return { guestId, replies: [], oldConversation, language: session.language };
    }
    const subscriptions: Subscription[] = [];
    const result = await step(
      flow,
      session,
      { text: request.text, file: request.file ?? null },
      this.turnPorts(bot, subscriptions, codes),
    );

    const messages: TurnMessage[] = [];
    if (!request.ignoreSaving) {
      const said = session.language;
      if (request.file)
        messages.push({
          sender: 'user',
          payload: { type: 'file', content: request.file },
          languageCode: said,
        });
      if (request.text.trim()) {
        const content = result.secretInput ? '*'.repeat(request.text.length) : request.text;
        messages.push({ sender: 'user', payload: { type: 'text', content }, languageCode: said });
      }
    }
    const guestMessages = messages.length;
    const now = this.ports.clock.now();
    const replies = keepReplies(result, session.messageCount, messages, now);
    const firstSeq = session.messageCount;
    result.session.messageCount = firstSeq + messages.length;
    const analytics = this.config.analytics
      ? turnEvent(
          flow,
          result,
          // The guest row's version once this turn is written (repos/guests.ts guestWrite).
          { id: guestId, botId: bot.id, rowVersion: guest ? guest.version + 1 : 1 },
          guestMessages,
          result.replies.length,
        )
      : null;
    await this.writer.write({
      guestId,
      botId: bot.id,
      expectedVersion: guest ? guest.version : null,
      session: result.session,
      messages,
      firstSeq,
      subscriptions,
      now,
      channel: chat,
      analytics,
    });
    return {
      guestId,
      replies,
      oldConversation: [],
      language: result.session.language,
      secretInput: result.secretInput,
    };
  }

  private turnPorts(bot: ChatBot, subscriptions: Subscription[], codes: Map<number, string>): RuntimePorts {
    const { http, llm, retrieval, clock } = this.ports;
    return {
      http,
      llm,
      retrieval: retrieval.forBot?.(bot.id) ?? retrieval,
      clock,
      subscriptions: { subscribe: (s) => void subscriptions.push(s) },
      flows: { template: (name) => this.flows.current(bot.id, name) },
      files: { read: (file) => readChatFile(this.config.dataDir, file) },
      providers: {
        find: async (id) => {
          const p = await findProvider(this.db, id);
          return p ? { id, name: p.name, endpoint: p.endpoint, profile_id: p.profile_id } : null;
        },
      },
      languageCode: (id) => codes.get(id) ?? null,
    };
  }
}
