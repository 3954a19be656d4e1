import { describe, expect, it } from 'vitest';
import { speechText, displayText } from '../../src/core/text/speech';
import {
  ACCEPTED_CHAT_FILE_TYPES,
  isAcceptedChatFile,
  SPEECH_RATE,
  VOICE_LOADING_TIMEOUT_MS,
  voiceLanguage,
} from '../../src/core/widget/constants';

// Spec 3 §4-§5, §9: what the widget says and shows, and in which voice.
describe('widget speech', () => {
  it('maps language codes to browser voices, other codes unchanged', () => {
    expect(voiceLanguage('en')).toBe('en-US');
    expect(voiceLanguage('fr')).toBe('fr-CA');
    expect(voiceLanguage('AR')).toBe('ar-SA');
    expect(voiceLanguage('de')).toBe('de');
    expect(SPEECH_RATE).toBe(0.8);
    expect(VOICE_LOADING_TIMEOUT_MS).toBe(1500);
  });

  it('speaks the spoken part of a pronunciation pair and shows the written one, without emoji or HTML', () => {
    const reply = '<p>Ask [[Dr.:Doctor]] Lee 👩‍⚕️ at <b>10:30</b></p>';
    expect(speechText(reply)).toBe('Ask Doctor Lee at 10:30');
    expect(displayText(reply)).toBe('<p>Ask Dr. Lee 👩‍⚕️ at <b>10:30</b></p>');
  });
});

describe('accepted chat files (spec 3 §5)', () => {
  it('takes gif, jpeg, png and pdf only', () => {
    expect([...ACCEPTED_CHAT_FILE_TYPES]).toEqual([
      'image/gif',
      'image/jpeg',
      'image/png',
      'application/pdf',
    ]);
    expect(isAcceptedChatFile('IMAGE/PNG')).toBe(true);
    expect(isAcceptedChatFile('image/webp')).toBe(false);
    expect(isAcceptedChatFile('text/html')).toBe(false);
  });
});
