import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplyQueue, type ReplyEffects } from '../../src/core/widget/reply-queue';
import type { ChatReply } from '../../src/core/widget/replies';

// Spec 3 §4 "Bot replies", driven by a fake clock: what happens, in which order, after how long.
function recorder() {
  const log: string[] = [];
  const effects: ReplyEffects = {
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
    typing: (on) => log.push(on ? 'typing' : 'typing off'),
    show: (reply) => log.push(`show ${reply.type}:${typeof reply.content === 'string' ? reply.content : ''}`),
    steer: (reply) => log.push(`steer ${reply.type}`),
  };
  return { log, effects };
}

const text = (content: string): ChatReply => ({ type: 'text', content });

describe('ReplyQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each reply after a typing indicator of one second, one by one', async () => {
    const { log, effects } = recorder();
    const queue = new ReplyQueue(effects);
    const done = queue.push([text('one'), text('two')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['typing']);
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual(['typing']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['typing', 'typing off', 'show text:one', 'typing']);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBe('done');
    expect(log.slice(-2)).toEqual(['typing off', 'show text:two']);
  });

  it('waits a delay reply for its seconds without showing it', async () => {
    const { log, effects } = recorder();
    const queue = new ReplyQueue(effects);
    const done = queue.push([{ type: 'delay', content: '', seconds: 2.5 }, text('after')]);
    await vi.advanceTimersByTimeAsync(2500);
    expect(log).toEqual(['typing']);
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(log).toEqual(['typing', 'typing off', 'show text:after']);
  });

  it('steers on input, device-permission and realtime-ai replies without a message or typing', async () => {
    const { log, effects } = recorder();
    const queue = new ReplyQueue(effects);
    await queue.push([
      { type: 'input', content: '', input: 'password' },
      { type: 'device-permission', content: '', request: 'geolocation' },
      { type: 'realtime-ai', content: '', prompt: 'p', waitForUserInteraction: false, hideAIResponse: false },
    ]);
    expect(log).toEqual(['steer input', 'steer device-permission', 'steer realtime-ai']);
  });

  it('shows a call reply (its waiting message) and then starts the call', async () => {
    const { log, effects } = recorder();
    const queue = new ReplyQueue(effects);
    const done = queue.push([
      {
        type: 'call',
        content: 'Please wait',
        provider: null,
        callInfo: { callerName: 'Guest', subject: 's', description: 'd' },
      },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(log).toEqual(['typing', 'typing off', 'show call:Please wait', 'steer call']);
  });

  it('plays a second answer only after the first one', async () => {
    const { log, effects } = recorder();
    const queue = new ReplyQueue(effects);
    void queue.push([text('first')]);
    const second = queue.push([text('second')]);
    expect(queue.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    await second;
    expect(log.filter((l) => l.startsWith('show'))).toEqual(['show text:first', 'show text:second']);
    expect(queue.busy).toBe(false);
  });

  it('abort stops the running sequence and drops the queued ones', async () => {
    const { log, effects } = recorder();
    const queue = new ReplyQueue(effects);
    const first = queue.push([text('one'), text('two')]);
    const second = queue.push([text('three')]);
    await vi.advanceTimersByTimeAsync(1500);
    queue.abort();
    await expect(first).resolves.toBe('aborted');
    await expect(second).resolves.toBe('aborted');
    await vi.advanceTimersByTimeAsync(5000);
    expect(log.filter((l) => l.startsWith('show'))).toEqual(['show text:one']);
    expect(log.at(-1)).toBe('typing off');
  });

  it('plays answers pushed after an abort', async () => {
    const { log, effects } = recorder();
    const queue = new ReplyQueue(effects);
    void queue.push([text('old')]);
    queue.abort();
    const next = queue.push([text('new')]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(next).resolves.toBe('done');
    expect(log.filter((l) => l.startsWith('show'))).toEqual(['show text:new']);
  });

  it('keeps going after an effect fails', async () => {
    const { log, effects } = recorder();
    let fail = true;
    const queue = new ReplyQueue({
      ...effects,
      show: (reply) => {
        if (fail) {
          fail = false;
          throw new Error('render failed');
        }
        effects.show(reply);
      },
    });
    const broken = queue.push([text('broken')]);
    const next = queue.push([text('fine')]);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(broken).rejects.toThrow('render failed');
    await expect(next).resolves.toBe('done');
    expect(log).toContain('show text:fine');
  });
});
