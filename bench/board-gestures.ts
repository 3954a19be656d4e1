import type { Page } from 'playwright';
import { summarize, type Timing } from './stats.js';

// Real mouse and wheel input for the board bench, the same for both renderers: each gesture is a
// fixed sequence of events (no randomness) sent at 60 per second for about two seconds, while the
// page records requestAnimationFrame timestamps. Frame time = the gap between two frames.

export interface Point {
  x: number;
  y: number;
}

/** The board's rectangle in page coordinates. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

const EVENTS = 120;
const INTERVAL_MS = 1000 / 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `send(i)` for i = 0 … EVENTS-1, one every INTERVAL_MS (later if the page lags behind). */
async function paced(send: (i: number) => Promise<void>): Promise<void> {
  const start = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    await send(i);
    const due = start + (i + 1) * INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
}

/** Frame times (ms) while `gesture` runs, from rAF timestamps recorded in the page. */
export async function frameTimes(page: Page, gesture: () => Promise<void>): Promise<Timing> {
  await page.waitForTimeout(300); // let the last frame of whatever came before settle
  // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    requestAnimationFrame(function tick(t) {
      window.__frames.push(t);
      if (window.__recording) requestAnimationFrame(tick);
    });
  })()`);
  await gesture();
  const stamps = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  return summarize(stamps.slice(1).map((t, i) => t - stamps[i]));
}

/** Drags the background from `start` in two closed loops (back where it began). */
export async function pan(page: Page, start: Point, area: Area): Promise<void> {
  const ampX = Math.max(40, Math.min(250, (start.x - area.x - 20) / 2));
  const ampY = Math.max(40, Math.min(150, start.y - area.y - 20, area.y + area.height - start.y - 20));
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await paced(async (i) => {
    const angle = (2 * Math.PI * (i + 1)) / (EVENTS / 2);
    await page.mouse.move(start.x - ampX * (1 - Math.cos(angle)), start.y - ampY * Math.sin(angle));
  });
  await page.mouse.up();
}

/** Wheel at `at`: ten notches in, ten out, six times over (back at the scale it began at). */
export async function zoom(page: Page, at: Point): Promise<void> {
  await page.mouse.move(at.x, at.y);
  await paced(async (i) => page.mouse.wheel(0, Math.floor(i / 10) % 2 === 0 ? -100 : 100));
}

/** Presses a node at `grip` and drags it around a closed loop (drop where it was picked up). */
export async function dragNode(page: Page, grip: Point): Promise<void> {
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await paced(async (i) => {
    const angle = (2 * Math.PI * (i + 1)) / (EVENTS / 2);
    await page.mouse.move(grip.x + 150 * Math.sin(angle), grip.y + 90 * (1 - Math.cos(angle)));
  });
  await page.mouse.up();
}

/** Screen points around the middle of `area`, nearest first (a 7-pixel spiral), to look for a free one. */
export function spotsAround(area: Area): Point[] {
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const spots: Point[] = [];
  for (let r = 0; r < Math.min(area.width, area.height) / 2 - 20; r += 7) {
    const around = Math.max(1, Math.round((2 * Math.PI * r) / 7));
    for (let k = 0; k < around; k++) {
      const a = (2 * Math.PI * k) / around;
      spots.push({ x: Math.round(cx + r * Math.cos(a)), y: Math.round(cy + r * Math.sin(a)) });
    }
  }
  return spots;
}
