// The chat's language select (issue 13 item 6). The server owns the conversation's language: a
// language-changer node may switch it, and every chat answer says which it is, so the select shows
// the server's language. The chat sends a language only for the guest's own pick that the server
// has not heard of yet — a pick made before the server knew the guest (no guest id, or just
// restarted) or whose PUT /api/language failed — never on every turn, where it would undo the flow.

export interface LanguagePick {
  /** The code the guest last picked in the select, or null when the guest never picked one. */
  code: string | null;
  /** The server has this pick (through PUT /api/language or a chat message). */
  told: boolean;
  /** Counts picks, so an answer to a call sent before the latest pick does not undo it. */
  serial: number;
}

export const NO_PICK: LanguagePick = { code: null, told: true, serial: 0 };

export function picked(pick: LanguagePick, code: string): LanguagePick {
  return { code, told: false, serial: pick.serial + 1 };
}

/** The server heard the pick that was current at `serial` (a later pick is still untold). */
export function told(pick: LanguagePick, serial: number): LanguagePick {
  return serial === pick.serial ? { ...pick, told: true } : pick;
}

/** A new guest (a restart) has a new session on the server: the guest's pick must be sent again. */
export function forNewGuest(pick: LanguagePick): LanguagePick {
  return pick.code ? { ...pick, told: false } : pick;
}

/** The language to send with a chat message: only a pick the server has not heard of. */
export function languageToSend(pick: LanguagePick): string | undefined {
  return pick.code && !pick.told ? pick.code : undefined;
}

/**
 * The language the select should show after a chat answer: the server's, when it is one of the
 * bot's languages and the guest has not picked another since the call was sent.
 */
export function answeredLanguage<L extends { code: string }>(
  languages: readonly L[],
  shown: L | null,
  serverCode: unknown,
  pick: LanguagePick,
  sentAtSerial: number,
): L | null {
  if (typeof serverCode !== 'string' || pick.serial !== sentAtSerial) return shown;
  if (shown?.code === serverCode) return shown;
  return languages.find((l) => l.code === serverCode) ?? shown;
}
