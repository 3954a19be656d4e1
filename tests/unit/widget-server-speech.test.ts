import { describe, expect, it } from 'vitest';
import { serverSpeech } from '../../widget/chat/server-speech';

// The chat asks the server for speech iff the bot's "External API" switch is on (issue 13 item 13).
describe('server speech in the chat', () => {
  it('follows use_ext_tts and use_ext_stt, each on its own', () => {
    expect(serverSpeech({ use_ext_tts: true, use_ext_stt: false })).toEqual({
      voice: true,
      recognition: false,
    });
    expect(serverSpeech({ use_ext_tts: false, use_ext_stt: true })).toEqual({
      voice: false,
      recognition: true,
    });
  });

  it('is off when the switches are off, missing, or nothing was loaded', () => {
    expect(serverSpeech({ use_ext_tts: false, use_ext_stt: false })).toEqual({
      voice: false,
      recognition: false,
    });
    expect(serverSpeech({})).toEqual({ voice: false, recognition: false });
    expect(serverSpeech(null, undefined)).toEqual({ voice: false, recognition: false });
  });

  it('is on when the theme or the bot says so', () => {
    expect(serverSpeech({}, { use_ext_tts: true })).toEqual({ voice: true, recognition: false });
  });
});
