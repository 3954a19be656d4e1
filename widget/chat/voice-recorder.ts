// The guest's side of a realtime AI conversation: one utterance at a time, recorded with
// MediaRecorder while the microphone's loudness (Web Audio) tells when the guest has finished
// (src/core/widget/voice-activity.ts). The guest may also say "done" with a button. The
// microphone stays open between turns (no new prompt, no lost first syllable) and is released
// when the session ends.
import { MIC_RELEASE_MS } from '../../src/core/widget/constants';
import { VOICE_ACTIVITY, VoiceActivity, rmsLevel } from '../../src/core/widget/voice-activity';

const SAMPLE_EVERY_MS = 50;

export interface VoiceRecorder {
  /** Records until the guest pauses, presses done, or `signal` aborts; null when nothing was said. */
  listen(signal: AbortSignal, onLevel: (level: number) => void): Promise<Blob | null>;
  /** The guest pressed "Done speaking": send what was recorded so far. */
  finish(): void;
  release(): void;
}

export function createVoiceRecorder(): VoiceRecorder {
  let stream: Promise<MediaStream> | null = null;
  let audio: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  let finishNow: (() => void) | null = null;

  async function open(): Promise<{ media: MediaStream; meter: AnalyserNode | null }> {
    stream ??= navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
    });
    const media = await stream;
    if (!analyser && globalThis.AudioContext) {
      audio = new AudioContext();
      analyser = audio.createAnalyser();
      analyser.fftSize = 1024;
      audio.createMediaStreamSource(media).connect(analyser);
    }
    // Created before the guest's tap, the context may have started suspended.
    if (audio?.state === 'suspended') await audio.resume().catch(() => undefined);
    return { media, meter: analyser };
  }

  return {
    async listen(signal, onLevel) {
      if (!globalThis.MediaRecorder || !navigator.mediaDevices) throw new Error('No microphone API');
      const { media, meter } = await open();
      if (signal.aborted) return null;
      const chunks: Blob[] = [];
      const recorder = new MediaRecorder(media);
      recorder.ondataavailable = (event) => event.data.size && chunks.push(event.data);
      const samples = new Float32Array(meter?.fftSize ?? 0);

      return new Promise<Blob | null>((resolve) => {
        const stop = (keep: boolean) => {
          clearInterval(timer);
          signal.removeEventListener('abort', abort);
          finishNow = null;
          onLevel(0);
          recorder.onstop = () =>
            resolve(keep && chunks.length ? new Blob(chunks, { type: recorder.mimeType }) : null);
          if (recorder.state !== 'inactive') recorder.stop();
          else recorder.onstop(new Event('stop'));
        };
        const abort = () => stop(false);
        const startedAt = performance.now();
        const activity = new VoiceActivity(startedAt);
        const timer = setInterval(() => {
          // Without Web Audio nothing tells a pause: the guest presses done, or the turn times out.
          if (!meter) return performance.now() - startedAt >= VOICE_ACTIVITY.maxMs && stop(true);
          meter.getFloatTimeDomainData(samples);
          const level = rmsLevel(samples);
          onLevel(level);
          const state = activity.feed(level, performance.now());
          if (state === 'done') stop(true);
          else if (state === 'silent') stop(false);
        }, SAMPLE_EVERY_MS);
        signal.addEventListener('abort', abort, { once: true });
        // Pressed before the meter heard anything: still send it, the guest knows they spoke.
        finishNow = () => stop(true);
        recorder.start();
      });
    },
    finish() {
      finishNow?.();
    },
    release() {
      const opened = stream;
      stream = null;
      analyser = null;
      const context = audio;
      audio = null;
      // Let the last chunk flush before the microphone goes (spec 3 §9).
      setTimeout(() => {
        void opened
          ?.then((media) => media.getTracks().forEach((track) => track.stop()))
          .catch(() => undefined);
        void context?.close().catch(() => undefined);
      }, MIC_RELEASE_MS);
    },
  };
}
