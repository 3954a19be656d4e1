// Whether the chat asks the server for speech (/api/tts, /api/stt) or uses only the browser's
// voices and recognition: the bot's "External API" switches (use_ext_tts, use_ext_stt, on the
// Features tab), sent with the theme. Off, the chat never calls the server's speech routes (and
// the server refuses a guest whose bot has them off). Realtime AI is not ruled by them: it is a
// server voice conversation by nature (server/routes/realtime).

/** Where the switches come with: the widget's theme (BotTheme) or the bot. */
export interface SpeechSwitches {
  use_ext_tts?: boolean;
  use_ext_stt?: boolean;
}

export interface ServerSpeech {
  /** The bot's voice from /api/tts (else the browser's speechSynthesis). */
  voice: boolean;
  /** The guest's recordings to /api/stt (else the browser's SpeechRecognition). */
  recognition: boolean;
}

/** Server speech iff the theme's or the bot's use_ext_* switch is on. */
export function serverSpeech(...sources: (SpeechSwitches | null | undefined)[]): ServerSpeech {
  return {
    voice: sources.some((s) => s?.use_ext_tts === true),
    recognition: sources.some((s) => s?.use_ext_stt === true),
  };
}
