import { describe, expect, it } from 'vitest';
import { maskPassword, nextInputMode, type InputMode } from '../../src/core/widget/input-mode';

// Spec 3 §4 "Chat input mode".
describe('nextInputMode', () => {
  it('switches to file or password when an input reply asks', () => {
    expect(nextInputMode('text', { type: 'ask', input: 'file' })).toBe('file');
    expect(nextInputMode('text', { type: 'ask', input: 'password' })).toBe('password');
    expect(nextInputMode('file', { type: 'ask', input: 'password' })).toBe('password');
  });

  it.each<InputMode>(['text', 'password', 'file'])('returns to text after sending in %s mode', (mode) => {
    expect(nextInputMode(mode, { type: 'sent' })).toBe('text');
  });

  it('switches to call when a call starts, from any mode', () => {
    for (const mode of ['text', 'password', 'file'] as const) {
      expect(nextInputMode(mode, { type: 'call-started' })).toBe('call');
    }
  });

  it('stays in call mode until the call ends, then returns to text', () => {
    expect(nextInputMode('call', { type: 'sent' })).toBe('call');
    expect(nextInputMode('call', { type: 'ask', input: 'file' })).toBe('call');
    expect(nextInputMode('call', { type: 'call-ended' })).toBe('text');
  });

  it('returns to text on restart', () => {
    expect(nextInputMode('password', { type: 'reset' })).toBe('text');
    expect(nextInputMode('call', { type: 'reset' })).toBe('text');
  });
});

describe('maskPassword', () => {
  it('shows one asterisk per character, emoji included', () => {
    expect(maskPassword('s3cret')).toBe('******');
    expect(maskPassword('pä🔑')).toBe('***');
    expect(maskPassword('')).toBe('');
  });
});
