// Realtime AI inside the widget: runs a RealtimeConversation (src/core/widget) with the chat's
// real parts — /api/realtime for the AI's words, the microphone and /api/stt for the guest's, the
// bot's voice (/api/tts, or the browser's) for the answers — and exposes what the voice panel shows.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  RealtimeConversation,
  type RealtimeEnd,
  type RealtimeLine,
  type RealtimeState,
} from '../../src/core/widget/realtime-conversation';
import type { ReplyOf } from '../../src/core/widget/replies';
import type { ChatClient } from './chat-api';
import { createSpeaker } from './speech';
import { createVoiceRecorder, type VoiceRecorder } from './voice-recorder';

/** The panel shows the last exchange, not a transcript: the conversation is spoken. */
const LINES_SHOWN = 2;

export interface RealtimeView {
  state: RealtimeState;
  lines: RealtimeLine[];
  notice: string | null;
  /** The microphone's loudness while listening (0..1). */
  level: number;
}

interface Running {
  conversation: RealtimeConversation<Blob>;
  recorder: VoiceRecorder;
  guestId: string | null;
  /** Ended by a restart: the flow is not told (the guest is a new one). */
  quiet: boolean;
  tapped: () => void;
}

export interface RealtimeOptions {
  client: ChatClient;
  guestId: () => string | null;
  language: () => string;
  /** Whether the server's /api/tts works (the widget info says so). */
  serverVoice: boolean;
  /** The session is over: tell the flow (REALTIME_AI_ENDED), saying why when it could not run. */
  onEnded(end: RealtimeEnd): void;
}

function hasBeenTapped(): boolean {
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation?.hasBeenActive ?? false;
}

export function useRealtime(options: RealtimeOptions) {
  const [view, setView] = useState<RealtimeView | null>(null);
  const running = useRef<Running | null>(null);
  const live = useRef(options);
  live.current = options;

  const update = (change: Partial<RealtimeView>) =>
    setView((current) => current && { ...current, ...change });

  const start = useCallback((reply: ReplyOf<'realtime-ai'>) => {
    if (running.current) return;
    const { client } = live.current;
    const guestId = live.current.guestId();
    const recorder = createVoiceRecorder();
    const speaker = createSpeaker(client, () => guestId, live.current.serverVoice);
    const missing = { kind: 'failed', message: 'The chat has no guest yet.' } as const;
    const conversation = new RealtimeConversation<Blob>(
      {
        start: async () => (guestId ? client.realtimeStart(guestId) : missing),
        turn: async (text) => (guestId ? client.realtimeTurn(guestId, text) : missing),
        ready: () =>
          hasBeenTapped()
            ? Promise.resolve()
            : new Promise<void>((resolve) => {
                if (running.current) running.current.tapped = resolve;
                update({ state: 'waiting-for-tap' });
              }),
        listen: (signal) =>
          recorder.listen(signal, (level) => update({ level: Math.round(level * 50) / 50 })),
        transcribe: (recording) => client.stt(recording, live.current.language(), guestId),
        speak: (text, signal) => speaker.say(text, live.current.language(), signal),
      },
      {
        state: (state) => update({ state }),
        line: (line) =>
          setView(
            (current) => current && { ...current, lines: [...current.lines, line].slice(-LINES_SHOWN) },
          ),
        notice: (notice) => update({ notice }),
        ended(end) {
          const ended = running.current;
          running.current = null;
          recorder.release();
          speaker.stop();
          setView(null);
          if (!ended?.quiet) live.current.onEnded(end);
        },
      },
      { hideAIResponse: reply.hideAIResponse },
    );
    running.current = { conversation, recorder, guestId, quiet: false, tapped: () => undefined };
    setView({ state: 'starting', lines: [], notice: null, level: 0 });
    void conversation.run();
  }, []);

  /** The guest pressed End. */
  const end = useCallback(() => running.current?.conversation.end(), []);
  /** Gone with the guest (restart, another bot): nothing is sent. */
  const stop = useCallback(() => {
    if (!running.current) return;
    running.current.quiet = true;
    running.current.conversation.end();
  }, []);

  /** A restart gives the chat a new guest, who was never in this session. */
  const keepFor = useCallback(
    (guestId: string | null) => {
      if (running.current && running.current.guestId !== guestId) stop();
    },
    [stop],
  );
  useEffect(() => stop, [stop]);

  return {
    view,
    start,
    end,
    keepFor,
    /** The guest tapped to start (the browser needed a gesture for sound and the microphone). */
    tap: () => running.current?.tapped(),
    /** The guest pressed "Done speaking". */
    finish: () => running.current?.recorder.finish(),
  };
}
