import { describe, expect, it } from 'vitest';
import { displayText, speechText, stripForSpeech } from '../../src/core';

describe('stripForSpeech', () => {
  it('removes HTML tags and keeps the words apart', () => {
    expect(stripForSpeech('<p>Hello <b>there</b></p><p>Next</p>')).toBe('Hello there Next');
    expect(stripForSpeech('Line one<br/>Line two')).toBe('Line one Line two');
  });

  it('removes tags with attributes', () => {
    expect(stripForSpeech('Read <a href="https://x.example?a=1&b=2" target="_blank">the guide</a>.')).toBe(
      'Read the guide .',
    );
  });

  it('drops script, style and comments with their contents', () => {
    expect(stripForSpeech('A<script>alert("x")</script>B<style>p{color:red}</style>C<!-- hidden -->D')).toBe(
      'A B C D',
    );
  });

  it('keeps a lone less-than sign that is not a tag', () => {
    expect(stripForSpeech('if a < b and c > d')).toBe('if a < b and c > d');
  });

  it('decodes entities so they are not read out', () => {
    expect(stripForSpeech('Tom &amp; Jerry&nbsp;&lt;3 &quot;hi&quot; &#39;x&#39; &#x41;')).toBe(
      `Tom & Jerry <3 "hi" 'x' A`,
    );
  });

  it('leaves unknown entities as written', () => {
    expect(stripForSpeech('a &bogus; b')).toBe('a &bogus; b');
  });

  it('removes emoji of every shape', () => {
    expect(stripForSpeech('Hi 👋 there 😀!')).toBe('Hi there !');
    expect(stripForSpeech('Thumbs 👍🏽 up')).toBe('Thumbs up');
    expect(stripForSpeech('Team 👩‍💻👨‍👩‍👧 work')).toBe('Team work');
    expect(stripForSpeech('Made in 🇫🇷 France')).toBe('Made in France');
    expect(stripForSpeech('Love ❤️ it')).toBe('Love it');
    expect(stripForSpeech('Press 1️⃣ now')).toBe('Press now');
  });

  it('removes an emoji written as an entity', () => {
    expect(stripForSpeech('Done &#128512;')).toBe('Done');
  });

  it('keeps letters, digits and punctuation of any script', () => {
    expect(stripForSpeech('Price: 12,50 € — ça va? مرحبا')).toBe('Price: 12,50 € — ça va? مرحبا');
  });

  it('collapses white space', () => {
    expect(stripForSpeech('  a \n\n b\t c  ')).toBe('a b c');
  });
});

// Spec 3 §5: [[written text:spoken text]] — display shows the written part, speech says the spoken.
describe('pronunciation pairs', () => {
  const text = 'Ask [[Dr. Smith:Doctor Smith]] about [[SQL:sequel]].';

  it('shows the written part', () => {
    expect(displayText(text)).toBe('Ask Dr. Smith about SQL.');
  });

  it('says the spoken part', () => {
    expect(speechText(text)).toBe('Ask Doctor Smith about sequel.');
  });

  it('splits on the last colon so the written part may hold colons', () => {
    expect(displayText('Open at [[10:30:half past ten]]')).toBe('Open at 10:30');
    expect(speechText('Open at [[10:30:half past ten]]')).toBe('Open at half past ten');
  });

  it('allows an empty side', () => {
    expect(displayText('Hi[[:, dear friend]]!')).toBe('Hi!');
    expect(speechText('Hi[[:, dear friend]]!')).toBe('Hi, dear friend!');
    expect(speechText('Mood [[😀:]] ok')).toBe('Mood ok');
  });

  it('leaves brackets without a colon as written', () => {
    expect(displayText('[[no pair]]')).toBe('[[no pair]]');
    expect(speechText('[[no pair]]')).toBe('[[no pair]]');
  });

  it('strips emoji and HTML from speech but not from display', () => {
    const html = '<b>[[BotFlow:bot flow]]</b> 🚀';
    expect(speechText(html)).toBe('bot flow');
    expect(displayText(html)).toBe('<b>BotFlow</b> 🚀');
  });

  it('leaves text without pairs alone on display', () => {
    expect(displayText('Plain [text] with: colon')).toBe('Plain [text] with: colon');
  });
});
