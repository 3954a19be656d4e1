// When the guest has finished saying something (realtime AI, spec 3 §4): the chat samples the
// microphone's loudness a few times a second and feeds it here. Speech starts once the level has
// stayed above the threshold for a short while — gaps between syllables allowed, so a click or a
// knock is not speech — and the turn is
// over after a pause; a turn that goes on too long ends anyway, and a long silence with no speech
// at all is thrown away rather than sent to speech-to-text.

export type Utterance = 'waiting' | 'speaking' | 'done' | 'silent';

export interface VoiceActivityOptions {
  /** RMS level (0..1) above which a sample counts as voice. */
  speechLevel: number;
  /** Voice this long, without a gap longer than GAP_MS, makes an utterance. */
  speechMs: number;
  /** A pause this long after speech ends the utterance. */
  pauseMs: number;
  /** No utterance lasts longer (and no wait for one). */
  maxMs: number;
}

export const VOICE_ACTIVITY: VoiceActivityOptions = {
  speechLevel: 0.03,
  speechMs: 250,
  pauseMs: 1200,
  maxMs: 30_000,
};

/** The longest silence inside one run of speech (between syllables and words). */
const GAP_MS = 300;
/** One reading stands for at most this much sound, however late the next one comes. */
const MAX_FRAME_MS = 100;

export class VoiceActivity {
  private voicedMs = 0;
  private lastAt: number;
  private lastVoiceAt = 0;
  private state: Utterance = 'waiting';

  constructor(
    private readonly startedAt: number,
    private readonly options: VoiceActivityOptions = VOICE_ACTIVITY,
  ) {
    this.lastAt = startedAt;
  }

  /** One loudness reading taken at `now` (ms); answers where the utterance stands. */
  feed(level: number, now: number): Utterance {
    if (this.state === 'done' || this.state === 'silent') return this.state;
    const { speechLevel, speechMs, pauseMs, maxMs } = this.options;
    const elapsed = Math.max(0, now - this.lastAt);
    this.lastAt = now;
    if (level >= speechLevel) {
      if (now - this.lastVoiceAt > GAP_MS + Math.min(elapsed, MAX_FRAME_MS)) this.voicedMs = 0;
      this.voicedMs += Math.min(elapsed, MAX_FRAME_MS);
      this.lastVoiceAt = now;
      if (this.voicedMs >= speechMs) this.state = 'speaking';
    }
    if (this.state === 'speaking' && now - this.lastVoiceAt >= pauseMs) this.state = 'done';
    else if (now - this.startedAt >= maxMs) this.state = this.state === 'speaking' ? 'done' : 'silent';
    return this.state;
  }
}

/** The RMS loudness (0..1) of a block of samples in -1..1. */
export function rmsLevel(samples: ArrayLike<number>): number {
  if (!samples.length) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / samples.length);
}
