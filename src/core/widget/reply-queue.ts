// Spec 3 §4 "Bot replies": shown one by one — a typing indicator, 1 s, then the message; a delay
// reply waits its seconds; steering replies (input, device-permission, realtime-ai) act without a
// message. A restart, or a language change that cancels replies, aborts the whole sequence,
// including replies queued behind it. The effects are injected so the order and the waits are
// unit-tested with a fake clock.
import { TYPING_DELAY_MS } from './constants';
import type { ChatReply, ReplyOf } from './replies';

export type SteeringReply = ReplyOf<'input' | 'device-permission' | 'realtime-ai' | 'call'>;

export interface ReplyEffects {
  /** Resolves after `ms`, or as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  typing(on: boolean): void;
  /** Adds the reply to the conversation (and speaks it). */
  show(reply: ChatReply): void;
  /** Acts on a steering reply; a call reply is also shown first (its waiting message). */
  steer(reply: SteeringReply): void;
}

export type SequenceResult = 'done' | 'aborted';

export class ReplyQueue {
  private controller = new AbortController();
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly effects: ReplyEffects,
    private readonly typingMs = TYPING_DELAY_MS,
  ) {}

  /** Whether replies are being shown or wait to be. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Queues one answer's replies behind those already queued; resolves once they are all shown. */
  push(replies: readonly ChatReply[]): Promise<SequenceResult> {
    const signal = this.controller.signal;
    this.pending++;
    const run = this.tail.then(() => this.play(replies, signal));
    // A failing effect must not stall the answers queued behind it.
    this.tail = run.catch(() => undefined).finally(() => this.pending--);
    return run;
  }

  /** Stops the sequence now: nothing queued so far is shown. */
  abort(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.effects.typing(false);
  }

  private async play(replies: readonly ChatReply[], signal: AbortSignal): Promise<SequenceResult> {
    for (const reply of replies) {
      if (signal.aborted) return 'aborted';
      switch (reply.type) {
        case 'delay':
          await this.effects.sleep(Math.max(0, reply.seconds) * 1000, signal);
          break;
        case 'input':
        case 'device-permission':
        case 'realtime-ai':
          this.effects.steer(reply);
          break;
        default:
          this.effects.typing(true);
          await this.effects.sleep(this.typingMs, signal);
          if (signal.aborted) return 'aborted';
          this.effects.typing(false);
          this.effects.show(reply);
          if (reply.type === 'call') this.effects.steer(reply);
      }
    }
    return signal.aborted ? 'aborted' : 'done';
  }
}
