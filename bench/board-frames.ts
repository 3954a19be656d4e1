import type { BrowserContext, Page } from 'playwright';

// The board bench's frame driver, installed in the page before the app loads. It measures frame
// WORK, not frame rate: requestAnimationFrame is taken over while a gesture runs, so for each
// frame the bench (1) dispatches the input event to the board's container (our handlers: hit
// test, view, cull, shape binding), (2) runs the frame callbacks that input queued (Konva's
// batchDraw of every layer that changed) and (3) reads one pixel of every board canvas, which
// makes Chromium rasterise the draw calls it recorded. Each part is timed with performance.now();
// their sum is the frame work (wall clock). Frames follow each other as fast as the page can run
// them, each in a task of its own, and a Chromium trace gives each task's main-thread CPU time
// too (the figure that holds on a busy machine, where wall time includes waiting for a CPU). The
// browser's own paint and compositing of the canvases is not in either figure.
//
// It also marks `<name>:painted` after the frame that carries `botflow:flow-drawn` or `rf:drawn`
// has been painted (a message posted from that frame runs once its style, layout, paint and
// canvas flush are done), so a first draw is counted up to the frame on screen for both boards.

/** One input event of a gesture, in page coordinates. */
export type FrameInput =
  { type: 'move'; x: number; y: number } | { type: 'wheel'; x: number; y: number; deltaY: number };

/** One frame's work (ms): our input handling, the queued draws, the canvas rasterisation. */
export type FrameWork = [input: number, draw: number, raster: number];

/** A frame's wall-clock work split in parts, and the main thread's CPU time for its task (ms). */
export interface MeasuredFrame {
  work: FrameWork;
  cpu: number;
}

/** The performance mark each frame's task starts with, to find the task in the trace. */
const FRAME_STAMP = 'board-bench-frame';

export interface BoardFrames {
  /** Runs `inputs` as one frame (one task) each on the board (the caller holds the mouse button for moves). */
  run(inputs: FrameInput[]): Promise<FrameWork[]>;
  /**
   * Labels drawn (visible, non-empty) whose box is at least partly on the board: Konva Text nodes
   * and, below full detail, the title captions (shapes named `node-caption`).
   */
  textsInView(): number;
  /** Sends one wheel event (outside any measurement). */
  wheel(input: Extract<FrameInput, { type: 'wheel' }>): void;
}

const DRIVER = String.raw`(() => {
  const realRaf = window.requestAnimationFrame.bind(window);
  const realCancel = window.cancelAnimationFrame.bind(window);
  const realMark = performance.mark.bind(performance);
  const PAINTED = new Set(['botflow:flow-drawn', 'rf:drawn']);
  performance.mark = (name, options) => {
    const entry = realMark(name, options);
    if (PAINTED.has(name)) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => realMark(name + ':painted');
      channel.port2.postMessage(null);
    }
    return entry;
  };

  let manual = false;
  let nextId = -1;
  const queued = new Map();
  window.requestAnimationFrame = (callback) => {
    if (!manual) return realRaf(callback);
    const id = nextId--;
    queued.set(id, callback);
    return id;
  };
  window.cancelAnimationFrame = (id) => (id < 0 ? queued.delete(id) : realCancel(id));
  // One frame's callbacks: those queued before it starts (the ones they request wait, as in a browser).
  const flush = () => {
    const callbacks = [...queued.values()];
    queued.clear();
    const now = performance.now();
    for (const callback of callbacks) callback(now);
  };
  const FRAME_STAMP = '%FRAME_STAMP%';

  // The board's stage: the largest Konva stage inside the "Flow board" region.
  const board = () => {
    const stages = (window.Konva && window.Konva.stages) || [];
    let best = null;
    for (const stage of stages) {
      const region = stage.container().closest('[aria-label="Flow board"]');
      if (!region) continue;
      if (!best || stage.width() * stage.height() > best.width() * best.height()) best = stage;
    }
    if (!best) throw new Error('board bench: no Konva stage in the Flow board region');
    return best;
  };
  const event = (input) =>
    input.type === 'wheel'
      ? new WheelEvent('wheel', {
          deltaY: input.deltaY,
          deltaMode: 0,
          clientX: input.x,
          clientY: input.y,
          bubbles: true,
          cancelable: true,
        })
      : new PointerEvent('pointermove', {
          pointerId: 1,
          pointerType: 'mouse',
          isPrimary: true,
          buttons: 1,
          clientX: input.x,
          clientY: input.y,
          bubbles: true,
          cancelable: true,
        });

  window.__boardFrames = {
    async run(inputs) {
      const stage = board();
      const target = stage.container();
      const contexts = [...target.closest('[aria-label="Flow board"]').querySelectorAll('canvas')]
        .map((canvas) => canvas.getContext('2d'))
        .filter(Boolean);
      const frames = [];
      // Whatever the gesture's press asked to draw is drawn by a real frame first: a layer still
      // waiting for a real frame would skip the draws the measured frames ask for.
      await new Promise((resolve) => realRaf(() => setTimeout(resolve, 0)));
      manual = true;
      const finish = () => {
        manual = false;
        const rest = [...queued.values()];
        queued.clear();
        for (const callback of rest) realRaf(callback);
      };
      // Each frame is one task of its own (a message), tagged for the CPU-time trace.
      return new Promise((resolve, reject) => {
        const channel = new MessageChannel();
        let i = 0;
        channel.port1.onmessage = () => {
          try {
            realMark(FRAME_STAMP);
            const e = event(inputs[i]);
            const t0 = performance.now();
            target.dispatchEvent(e);
            const t1 = performance.now();
            flush();
            const t2 = performance.now();
            for (const context of contexts) context.getImageData(0, 0, 1, 1);
            const t3 = performance.now();
            frames.push([t1 - t0, t2 - t1, t3 - t2]);
            if (++i < inputs.length) return channel.port2.postMessage(null);
            channel.port1.close();
            finish();
            performance.clearMarks(FRAME_STAMP);
            resolve(frames);
          } catch (error) {
            channel.port1.close();
            finish();
            reject(error);
          }
        };
        channel.port2.postMessage(null);
      });
    },
    textsInView() {
      const stage = board();
      const width = stage.width();
      const height = stage.height();
      let count = 0;
      const inView = (shape) => {
        const box = shape.getClientRect();
        return box.width > 0 && box.x + box.width > 0 && box.y + box.height > 0 && box.x < width && box.y < height;
      };
      for (const text of stage.find('Text')) {
        if (text.isVisible() && String(text.text()).trim() && inView(text)) count++;
      }
      // Below full detail a node's title is a caption shape (caption-shape.ts), not a Konva Text.
      for (const caption of stage.find('.node-caption')) {
        const lines = caption.getAttr('captionLines') || [];
        if (caption.isVisible() && lines.some((line) => String(line).trim()) && inView(caption)) count++;
      }
      return count;
    },
    wheel(input) {
      board().container().dispatchEvent(event(input));
    },
  };
})();`;

/** Installs the driver in every page of `context` (before any script of the page runs). */
export async function installFrameDriver(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: DRIVER.replace('%FRAME_STAMP%', FRAME_STAMP) });
}

interface DriverWindow {
  __boardFrames: BoardFrames;
}

interface TraceEvent {
  name: string;
  ph: string;
  cat: string;
  tid: number;
  pid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * The main thread's CPU time (ms) of each frame's task, in frame order: the thread time of the
 * outermost task holding the frame's stamp. Unlike wall-clock time it does not grow while the
 * renderer waits for a CPU on a busy machine.
 */
function cpuPerFrame(trace: Buffer): number[] {
  const parsed = JSON.parse(trace.toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const stamps = events
    .filter((e) => e.name === FRAME_STAMP && e.cat.includes('blink.user_timing'))
    .sort((a, b) => a.ts - b.ts);
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.cat.includes('toplevel') && e.dur !== undefined && e.tdur !== undefined,
  );
  return stamps.map((stamp) => {
    let outer: TraceEvent | undefined;
    for (const task of tasks) {
      if (task.pid !== stamp.pid || task.tid !== stamp.tid) continue;
      if (task.ts > stamp.ts || task.ts + task.dur! < stamp.ts) continue;
      if (!outer || task.dur! > outer.dur!) outer = task;
    }
    return outer ? outer.tdur! / 1000 : NaN;
  });
}

/** Runs one gesture: `inputs`, one frame each; answers each frame's wall-clock work. */
export type FrameRunner = (inputs: FrameInput[]) => Promise<FrameWork[]>;

/**
 * Runs `body` under one Chromium trace (one per batch of gestures: starting and reading a trace
 * costs more than a gesture) and gives every frame that `body` ran through its runner the CPU
 * time of its task. Answers the frames of each gesture, in the order they ran.
 */
export async function withCpuTimes(
  page: Page,
  body: (run: FrameRunner) => Promise<void>,
): Promise<MeasuredFrame[][]> {
  const browser = page.context().browser()!;
  const gestures: FrameWork[][] = [];
  const run: FrameRunner = async (inputs) => {
    const frames = await page.evaluate(
      (list) => (window as unknown as DriverWindow).__boardFrames.run(list),
      inputs,
    );
    gestures.push(frames);
    return frames;
  };
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  const outcome = await body(run).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  const trace = await browser.stopTracing(); // stopped even when the body failed
  if (outcome) throw outcome.error;
  const cpu = cpuPerFrame(trace);
  const count = gestures.reduce((sum, frames) => sum + frames.length, 0);
  if (cpu.length !== count) throw new Error(`board bench: ${cpu.length} traced frames for ${count}`);
  let next = 0;
  return gestures.map((frames) => frames.map((work) => ({ work, cpu: cpu[next++] })));
}

export function textsInView(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as DriverWindow).__boardFrames.textsInView());
}

export function sendWheel(page: Page, input: Extract<FrameInput, { type: 'wheel' }>): Promise<void> {
  return page.evaluate((i) => (window as unknown as DriverWindow).__boardFrames.wheel(i), input);
}

/** Milliseconds from `received` to the painted frame after `drawn` (the latest load's marks). */
export function paintedLoadTime(page: Page, received: string, drawn: string): Promise<number> {
  const painted = `${drawn}:painted`;
  return page
    .waitForFunction((name) => performance.getEntriesByName(name).length > 0, painted, { timeout: 120_000 })
    .then(() =>
      page.evaluate(
        ([r, p]) =>
          performance.getEntriesByName(p)[0].startTime - performance.getEntriesByName(r)[0].startTime,
        [received, painted] as const,
      ),
    );
}
