// Spec 3 §4 "Chat input mode": text by default; file or password when a reply of type input asks
// for it; call while a call runs; back to text after sending or when the call ends.

export type InputMode = 'text' | 'password' | 'file' | 'call';

export type InputModeEvent =
  | { type: 'ask'; input: 'file' | 'password' }
  | { type: 'sent' }
  | { type: 'call-started' }
  | { type: 'call-ended' }
  | { type: 'reset' };

export function nextInputMode(mode: InputMode, event: InputModeEvent): InputMode {
  switch (event.type) {
    case 'ask':
      // A call owns the input until it ends; a late input reply must not hide the call controls.
      return mode === 'call' ? mode : event.input;
    case 'sent':
      return mode === 'call' ? mode : 'text';
    case 'call-started':
      return 'call';
    case 'call-ended':
    case 'reset':
      return 'text';
  }
}

/** A password is never shown: the conversation keeps one asterisk per character. */
export function maskPassword(text: string): string {
  return '*'.repeat(Array.from(text).length);
}
