import { describe, expect, it } from 'vitest';
import { VoiceActivity, rmsLevel, type VoiceActivityOptions } from '../../src/core/widget/voice-activity';

// When the guest has finished a sentence (realtime AI): levels fed every 50 ms.
const options: VoiceActivityOptions = { speechLevel: 0.1, speechMs: 200, pauseMs: 1000, maxMs: 10_000 };

function feed(activity: VoiceActivity, from: number, to: number, level: number) {
  let state = activity.feed(level, from);
  for (let t = from + 50; t <= to; t += 50) state = activity.feed(level, t);
  return state;
}

describe('VoiceActivity', () => {
  it('waits through silence, hears speech after enough voice, and ends after a pause', () => {
    const activity = new VoiceActivity(0, options);
    expect(feed(activity, 0, 2000, 0.01)).toBe('waiting');
    expect(feed(activity, 2050, 2150, 0.3)).toBe('waiting');
    expect(feed(activity, 2200, 2400, 0.3)).toBe('speaking');
    expect(feed(activity, 2450, 3350, 0.01)).toBe('speaking');
    expect(feed(activity, 3400, 3450, 0.01)).toBe('done');
    // Over is over: later noise does not reopen the turn.
    expect(activity.feed(0.9, 3500)).toBe('done');
  });

  it('does not take short clicks for speech, and a pause in a sentence does not end it', () => {
    const activity = new VoiceActivity(0, options);
    for (let t = 0; t < 3000; t += 500) {
      expect(activity.feed(0.5, t)).toBe('waiting');
      expect(activity.feed(0.01, t + 50)).toBe('waiting');
    }
    const talking = new VoiceActivity(0, options);
    feed(talking, 0, 300, 0.3);
    expect(feed(talking, 350, 1200, 0.01)).toBe('speaking');
    expect(feed(talking, 1250, 1500, 0.3)).toBe('speaking');
    expect(feed(talking, 1550, 2400, 0.01)).toBe('speaking');
  });

  it('ends a long turn, and drops a long silence', () => {
    const endless = new VoiceActivity(0, options);
    expect(feed(endless, 0, 9950, 0.3)).toBe('speaking');
    expect(endless.feed(0.3, 10_000)).toBe('done');
    expect(feed(new VoiceActivity(0, options), 0, 10_000, 0.01)).toBe('silent');
  });
});

describe('rmsLevel', () => {
  it('is the root mean square of the samples', () => {
    expect(rmsLevel([])).toBe(0);
    expect(rmsLevel([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
    expect(rmsLevel([1, 0, 0, 0])).toBeCloseTo(0.5);
  });
});
