// The bot's speech switches (Features tab, spec 1): "External API" text to speech (use_ext_tts)
// and speech to text (use_ext_stt), and the voice gender (tts_gender: 1 male, 2 female). Off, the
// bot's guests get no server speech: the widget uses the browser's voices and recognition and
// never asks (widget/chat/server-speech.ts), and a guest who asks anyway is refused. Realtime AI
// is a server voice conversation by nature: a guest waiting at a realtime-ai node may use both.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoredGuest } from '../../repos/guests.js';

export interface SpeechSwitches {
  tts: boolean;
  stt: boolean;
  voice: 'female' | 'male';
}

/** The editor's own calls (no guest named): server speech, the default voice. */
const EDITOR: SpeechSwitches = { tts: true, stt: true, voice: 'female' };

export async function speechSwitchesOf(
  db: Kysely<Database>,
  guest: StoredGuest | null,
): Promise<SpeechSwitches> {
  if (!guest) return EDITOR;
  const bot = await db
    .selectFrom('bots')
    .select(['use_ext_tts', 'use_ext_stt', 'tts_gender'])
    .where('id', '=', guest.botId)
    .executeTakeFirst();
  const realtime = guest.session.at?.wait.kind === 'realtime-ai';
  return {
    tts: realtime || bot?.use_ext_tts === 1,
    stt: realtime || bot?.use_ext_stt === 1,
    voice: bot?.tts_gender === 1 ? 'male' : 'female',
  };
}
