import type { Clock } from '../runtime/ports.js';

/** The wall clock; tests pass a clock whose sleep returns at once and records what was asked. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
