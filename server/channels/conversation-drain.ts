// The work behind a channel webhook (issue 16 item 3). A webhook only stores the update (the
// inbox, deduplicated by the channel's update id) and enqueues a job; the job works through the
// conversation: it takes the conversation's lease (one runner per conversation at a time, across
// server instances), handles the stored updates in arrival order — each a `converse` turn whose
// replies are queued in the outbox — and sends the outbox in order. Different conversations run
// in parallel on the runner's slots.
//
// A job that finds the conversation leased by another instance checks again shortly while its
// update is still pending: the holder handles every pending update before it lets go, and looks
// once more after letting go, so no update waits for nobody. Held by a job of this instance, one
// job waits for it in memory and goes next; the others are done at once (see run). A send that
// fails with 429 or 5xx stops the conversation's sends (not its turns' order) until the API's
// retry_after or the back-off has passed; a send refused for good, or failing MAX_SEND_ATTEMPTS
// times, is dead with the API's error, shown in the Advanced tab. What each channel provides is
// the ChannelAdapter contract (channel-adapter.ts).
import type { Kysely } from 'kysely';
import { choiceOfPick, isPause, typedNumber, type Pick } from '../../src/core/channels/index.js';
import type { ChatBot } from '../conversations/chat-bot.js';
import { ChatError, type ChatService, type ConverseInput } from '../conversations/chat-service.js';
import type { Database } from '../db/schema.js';
import {
  JOB_RECORDED,
  retryDelayMs,
  RetryLaterError,
  type JobRunner,
  type RunningJob,
} from '../jobs/index.js';
import type { ChoiceButton, Reply as ChatReply } from '../runtime/replies.js';
import { ChannelApiError } from './api-error.js';
import type { ChannelBot } from './channel-bot.js';
import { channelBotOf } from './channel-bot.js';
import { waitOutPause } from './pauses.js';
import { notificationSwitchWords } from './stop-notifications.js';
import {
  chatState,
  delaySends,
  markFailed,
  pendingSends,
  setChannelStatus,
  storeUpdateWithTurn,
  updateIsPending,
  type ChatKey,
  type ChatState,
  type ChannelKind,
  type OutboxItem,
} from './store.js';
import type { ChannelAdapter, Interpreted } from './channel-adapter.js';
import { endTurn, markSentMany, type SentMessage } from './turn-end.js';
import { letGo, queueTurn, takeChat, type TakenChat } from './turn-store.js';

export const TURN_JOB = 'channel.turns';
export const MAX_SEND_ATTEMPTS = 5;
const TURN = { kind: TURN_JOB, maxAttempts: 50 };
const LEASE_MS = 60_000;
const NOTE_EVERY_MS = 5_000;
/** A job whose conversation another runner holds looks again this soon while its update waits. */
const BUSY_RETRY_MS = 100;
/** Turns the widget would answer on the guest's behalf (REALTIME_AI_ENDED), at most this often. */
const MAX_FOLLOW_UPS = 3;

/** The choices a turn's replies end on (a number or a button picks among them), or null. */
export function lastChoices(replies: readonly ChatReply[]): ChoiceButton[] | null {
  for (let i = replies.length - 1; i >= 0; i--) {
    const reply = replies[i];
    if (reply.type === 'choices') return reply.content;
    if (reply.type === 'wizard') return reply.field.options?.length ? reply.field.options : null;
    if (reply.type !== 'delay' && reply.type !== 'input') return null;
  }
  return null;
}

export class ConversationDrain {
  private readonly adapters = new Map<ChannelKind, ChannelAdapter>();
  /**
   * The conversations a job of this process works on (its lease taken or being taken): settled
   * when that job lets go. With it, whether another job of this process waits to go next.
   */
  private readonly held = new Map<string, { done: Promise<void>; next: boolean }>();
  /** When this process last wrote a bot channel's last_message_at (see noteMessage). */
  private readonly noted = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly chats: ChatService,
    private readonly runner: JobRunner,
    private readonly options: { retryBaseMs: number },
  ) {
    runner.register<ChatKey>(TURN_JOB, {
      parse: (payload) => payload as ChatKey,
      run: (key, job) => this.run(key, job),
    });
  }

  add(adapter: ChannelAdapter): void {
    this.adapters.set(adapter.channel, adapter);
  }

  /**
   * Stores an update and enqueues its turn: what a webhook does before answering. False when the
   * update was stored before (a retried delivery): nothing more happens.
   */
  async receive(key: ChatKey, updateKey: string, update: unknown): Promise<boolean> {
    const id = await storeUpdateWithTurn(this.db, key, updateKey, update, TURN);
    if (id === null) return false;
    // The runner takes it now rather than at its next look at the jobs table.
    this.runner.wakeUp();
    return true;
  }

  private async run(key: ChatKey, job: RunningJob): Promise<void | typeof JOB_RECORDED> {
    const name = `${key.botId}:${key.channel}:${key.chatId}`;
    // Held by a job of this process. One job waits for it to let go and then takes the lease
    // (its update was stored before it was claimed, so the lease finds it if the holder did not
    // handle it). Any other job is done at once: the one waiting will find its update as well.
    // Asking the database, or re-queueing to look again, would cost statements and a claim.
    for (let holder = this.held.get(name); holder; holder = this.held.get(name)) {
      if (holder.next) return;
      holder.next = true;
      await holder.done;
      // Whoever went first since then takes the lease; this job waits its turn, as the next.
    }
    let letGo = () => {};
    this.held.set(name, { done: new Promise<void>((resolve) => (letGo = resolve)), next: false });
    try {
      return await this.runHeld(key, job);
    } finally {
      this.held.delete(name);
      letGo();
    }
  }

  private async runHeld(key: ChatKey, job: RunningJob): Promise<void | typeof JOB_RECORDED> {
    const me = `${this.runner.name}#${job.id}`;
    const until = Date.now() + LEASE_MS;
    const chat = await takeChat(this.db, key, me, until);
    if (!chat) {
      // Another runner works on this conversation; it handles our update unless it is gone.
      const state = await chatState(this.db, key);
      const mine = await this.mineIsPending(job);
      if (mine)
        throw new RetryLaterError(
          Math.max(BUSY_RETRY_MS, state.sendAfter - Date.now()),
          'The conversation is busy',
          true,
        );
      return;
    }
    let ended = false;
    try {
      ended = await this.work(key, me, { ...chat, until }, job);
    } finally {
      // A turn that failed or must wait (its job comes back), or a bot that is gone.
      if (!ended) await letGo(this.db, key, me);
    }
    return ended ? JOB_RECORDED : undefined;
  }

  private async mineIsPending(job: RunningJob): Promise<boolean> {
    const id = Number(/^turn:(\d+)$/.exec(job.dedupeKey ?? '')?.[1]);
    return Number.isFinite(id) ? updateIsPending(this.db, id) : false;
  }

  /**
   * Sends what is queued, then handles updates one by one (sending each turn's replies) until
   * none is left: true when the last turn's end let the lease go and recorded the job done
   * (turn-end.ts), false when there was nothing it could do (the bot is gone).
   */
  private async work(
    key: ChatKey,
    me: string,
    chat: TakenChat & { until: number },
    job: RunningJob,
  ): Promise<boolean> {
    const adapter = this.adapters.get(key.channel);
    if (!adapter || !chat.bot) return false;
    const bot = channelBotOf(this.db, chat.bot, await this.chats.languageCodes());
    const sends = { sendAfter: chat.sendAfter };
    if (chat.backlog) {
      const sent = await this.sendQueued(adapter, bot, key, await pendingSends(this.db, key), sends);
      await markSentMany(this.db, sent);
    }
    // Holding the lease, this runner is the only one changing the chat's state: kept here.
    let state: ChatState = chat;
    let guestId = chat.guestId;
    let until = chat.until;
    const ending = { id: job.id, runner: job.runner };
    // Sending a backlog took time: look again rather than trust what the lease found.
    let update = chat.backlog ? null : chat.next;
    if (!update) update = await endTurn(this.db, key, me, [], ending);
    while (update) {
      if (until - Date.now() < LEASE_MS / 2) {
        until = Date.now() + LEASE_MS;
        await takeChat(this.db, key, me, until);
      }
      const input = await adapter.interpret(bot, update.payload, state);
      const done = await this.turn(adapter, bot, key, input, state, guestId);
      guestId = done.guestId;
      const queued = await queueTurn(this.db, key, done.bodies, update.id, done.chat);
      state = { ...state, ...done.chat };
      const sent = await this.sendQueued(adapter, bot, key, queued, sends);
      update = await endTurn(this.db, key, me, sent, ending);
    }
    return true;
  }

  private async turn(
    adapter: ChannelAdapter,
    bot: ChannelBot,
    key: ChatKey,
    input: Interpreted,
    state: ChatState,
    guestId: string | null,
  ): Promise<{
    bodies: unknown[];
    chat: { offered: ChoiceButton[] | null; confirmRestart: boolean };
    guestId: string | null;
  }> {
    const keep = { offered: state.offered, confirmRestart: false };
    const answered = (bodies: unknown[], chat = keep) => ({ bodies, chat, guestId });
    if (input.ignore) return answered([], { ...keep, confirmRestart: state.confirmRestart });
    if (input.direct) return answered(input.direct);
    if (input.askRestart && adapter.restartQuestion)
      return answered(adapter.restartQuestion(key.chatId), { ...keep, confirmRestart: true });
    if (!input.pick && !input.file) {
      const switched = await notificationSwitchWords(this.db, key, input.text);
      if (switched) return answered(adapter.render(switched, key.chatId, input.language ?? 'en').bodies);
    }
    let restart = input.restart ?? false;
    if (state.confirmRestart && input.restartAnswer !== undefined && input.restartAnswer !== null) {
      if (!input.restartAnswer) return answered([]);
      restart = true;
    }
    // A pressed button or a typed number picks among the choices last offered, by their label.
    let text = input.text;
    const offered = state.offered ?? [];
    const pick = input.pick ?? (offered.length ? numberPick(text) : null);
    const chosen = pick ? choiceOfPick(pick, offered) : null;
    if (chosen) text = chosen.label;
    else if (input.pick) text = '';

    // The guest id read with the lease (then the one the last turn answered): no lookup per turn.
    let knownGuestId = guestId;
    const converse = async (turn: ConverseInput) => {
      const chat = { channel: key.channel, chatId: key.chatId, knownGuestId };
      const answer = await this.chats.converse({ id: bot.id, authorize: openBot }, chat, turn);
      knownGuestId = answer.guestId;
      return answer;
    };
    let answer;
    try {
      answer = await converse({
        text: restart ? '' : text,
        file: restart ? null : (input.file ?? null),
        restart,
        language: input.language ?? null,
        environment: key.channel,
        ...(input.waNumber !== undefined ? { waNumber: input.waNumber } : {}),
      });
    } catch (error) {
      if (!(error instanceof ChatError)) throw error;
      // No flow published, the owner's account closed…: nothing to answer, and the author sees why.
      await setChannelStatus(this.db, key.botId, key.channel, {
        last_error: error.message,
        last_error_at: Date.now(),
      });
      return answered([]);
    }
    await input.after?.(answer);
    const bodies: unknown[] = [];
    let replies = answer.replies as ChatReply[];
    for (let n = 0; ; n++) {
      const rendered = adapter.render(replies, key.chatId, answer.language);
      bodies.push(...rendered.bodies);
      if (!rendered.followUp || n >= MAX_FOLLOW_UPS) break;
      answer = await converse({ text: rendered.followUp });
      replies = answer.replies as ChatReply[];
    }
    return { bodies, chat: { offered: lastChoices(replies), confirmRestart: false }, guestId: knownGuestId };
  }

  /**
   * Records the time of the bot's last message for the Advanced tab. A write per message would
   * double the writes of a busy bot for a figure shown to the minute: once every few seconds per
   * bot and channel is enough (another instance may write it in between: either time is right).
   */
  private async noteMessage(key: ChatKey): Promise<void> {
    const name = `${key.botId}:${key.channel}`;
    const now = Date.now();
    if (now - (this.noted.get(name) ?? 0) < NOTE_EVERY_MS) return;
    this.noted.set(name, now);
    await setChannelStatus(this.db, key.botId, key.channel, { last_message_at: now });
  }

  /**
   * Sends the conversation's queued messages in order (see the file's comment for failures).
   * `sends.sendAfter`: no send before (the API's retry_after), kept up to date here.
   */
  private async sendQueued(
    adapter: ChannelAdapter,
    bot: ChannelBot,
    key: ChatKey,
    pending: OutboxItem[],
    sends: { sendAfter: number },
  ): Promise<SentMessage[]> {
    const sent: SentMessage[] = [];
    if (!pending.length) return sent;
    if (sends.sendAfter > Date.now())
      throw new RetryLaterError(sends.sendAfter - Date.now(), 'Waiting for the API', true);
    try {
      for (const item of pending) {
        if (isPause(item.body)) {
          // The pause is done as it begins: the conversation's sends wait until it is over.
          sent.push({ id: item.id, externalId: null });
          await waitOutPause(this.db, key, item.body.pause);
        }
        await adapter.beforeSend?.(bot, key.chatId);
        try {
          sent.push({ id: item.id, externalId: await adapter.send(bot, key.chatId, item.body) });
          await this.noteMessage(key);
        } catch (error) {
          await this.sendFailed(key, item, error, sends);
        }
      }
    } catch (error) {
      // What went out before the turn stopped is not sent again when its job comes back.
      await markSentMany(this.db, sent);
      throw error;
    }
    return sent;
  }

  /**
   * A send the API refused: dead with its error (the conversation goes on), or retried after the
   * API's retry_after or the back-off (RetryLaterError: the conversation's sends wait until then).
   */
  private async sendFailed(key: ChatKey, item: OutboxItem, error: unknown, sends: { sendAfter: number }) {
    const apiError = error instanceof ChannelApiError ? error : new ChannelApiError(String(error), 0);
    const dead = !apiError.retryable || item.attempts + 1 >= MAX_SEND_ATTEMPTS;
    await markFailed(this.db, item, apiError.message, dead);
    if (dead) {
      await setChannelStatus(this.db, key.botId, key.channel, {
        last_error: apiError.message,
        last_error_at: Date.now(),
      });
      return;
    }
    const wait =
      apiError.retryAfterMs ??
      retryDelayMs(item.attempts + 1, { baseMs: this.options.retryBaseMs, capMs: 10 * 60_000 });
    sends.sendAfter = Date.now() + wait;
    await delaySends(this.db, key, sends.sendAfter);
    throw new RetryLaterError(wait, apiError.message);
  }
}

/** A channel talks to a bot whose owner's account is open (as the web chat does). */
async function openBot(bot: ChatBot | null): Promise<void> {
  if (!bot || !bot.ownerActive) throw new ChatError(404, 'Bot not found');
}

/** A typed number as a pick ("2" → the second choice offered). */
function numberPick(text: string): Pick | null {
  const n = typedNumber(text);
  return n === null ? null : { number: n };
}
