// A realtime AI voice conversation inside the widget (spec 3 §1, §4): the AI's answers are
// spoken, the guest answers by voice, turn after turn, until the guest presses End — then the
// chat sends REALTIME_AI_ENDED and the flow goes on. The node's prompt is the AI's instructions
// (the server reads it); "wait for the user to speak first" decides who opens. The effects
// (server calls, microphone, voice) are injected, so the order of a session is unit-tested.

/** A realtime AI server answer: its words (null: the guest speaks first), or why there are none. */
export type RealtimeAnswer =
  { kind: 'ok'; reply: string | null } | { kind: 'not-configured' } | { kind: 'failed'; message: string };

export interface RealtimePorts<Recording> {
  start(): Promise<RealtimeAnswer>;
  turn(text: string): Promise<RealtimeAnswer>;
  /**
   * Resolves once the browser lets the chat play sound and open the microphone: at once after any
   * tap in the chat, else after the guest taps to start (the chat shows 'waiting-for-tap').
   */
  ready(): Promise<void>;
  /** One utterance of the guest; null when nothing was said. Throws when there is no microphone. */
  listen(signal: AbortSignal): Promise<Recording | null>;
  /** The words of a recording; null when they could not be made out. */
  transcribe(recording: Recording): Promise<string | null>;
  speak(text: string, signal: AbortSignal): Promise<void>;
}

export type RealtimeState = 'starting' | 'waiting-for-tap' | 'listening' | 'thinking' | 'speaking' | 'ended';

export interface RealtimeLine {
  from: 'guest' | 'ai';
  text: string;
}

/** Why a session ended: the guest pressed End, or realtime AI cannot run here (and why). */
export type RealtimeEnd = { by: 'guest' } | { by: 'problem'; message: string };

export interface RealtimeEvents {
  state(state: RealtimeState): void;
  line(line: RealtimeLine): void;
  /** Something to tell the guest while the session goes on (null clears it). */
  notice(text: string | null): void;
  ended(end: RealtimeEnd): void;
}

export const REALTIME_TEXTS = {
  notConfigured: 'Realtime AI is not configured for this bot.',
  noMicrophone: 'Realtime AI needs the microphone, and it is not available.',
  notHeard: 'Sorry, I did not catch that. Please say it again.',
  failed: 'The AI could not answer right now. Please try again later.',
} as const;

export class RealtimeConversation<Recording> {
  private readonly controller = new AbortController();
  private over = false;

  constructor(
    private readonly ports: RealtimePorts<Recording>,
    private readonly events: RealtimeEvents,
    private readonly options: { hideAIResponse: boolean },
  ) {}

  get ended(): boolean {
    return this.over;
  }

  /** The guest pressed End (or the host page withdrew the microphone). */
  end(): void {
    this.finish({ by: 'guest' });
  }

  /** Runs the session until it ends; never throws. */
  async run(): Promise<void> {
    this.events.state('starting');
    const opened = await this.ports.start().catch(() => failed());
    if (this.over) return;
    if (opened.kind === 'not-configured')
      return this.finish({ by: 'problem', message: REALTIME_TEXTS.notConfigured });
    if (opened.kind === 'failed') this.events.notice(opened.message);
    await this.ports.ready();
    if (this.over) return;
    if (opened.kind === 'ok' && opened.reply) await this.say(opened.reply);
    while (!this.over) await this.exchange();
  }

  /** One turn: the guest speaks, the AI answers. */
  private async exchange(): Promise<void> {
    this.events.state('listening');
    let recording: Recording | null;
    try {
      recording = await this.ports.listen(this.controller.signal);
    } catch {
      return this.finish({ by: 'problem', message: REALTIME_TEXTS.noMicrophone });
    }
    if (this.over || recording === null) return;
    this.events.state('thinking');
    const words = (await this.ports.transcribe(recording).catch(() => null))?.trim();
    if (this.over) return;
    if (!words) return this.events.notice(REALTIME_TEXTS.notHeard);
    this.events.notice(null);
    this.events.line({ from: 'guest', text: words });
    const answer = await this.ports.turn(words).catch(() => failed());
    if (this.over) return;
    if (answer.kind === 'not-configured') {
      return this.finish({ by: 'problem', message: REALTIME_TEXTS.notConfigured });
    }
    if (answer.kind === 'failed') return this.events.notice(answer.message);
    if (answer.reply) await this.say(answer.reply);
  }

  private async say(text: string): Promise<void> {
    if (!this.options.hideAIResponse) this.events.line({ from: 'ai', text });
    this.events.state('speaking');
    await this.ports.speak(text, this.controller.signal).catch(() => undefined);
  }

  private finish(end: RealtimeEnd): void {
    if (this.over) return;
    this.over = true;
    this.controller.abort();
    this.events.state('ended');
    this.events.ended(end);
  }
}

function failed(): RealtimeAnswer {
  return { kind: 'failed', message: REALTIME_TEXTS.failed };
}
