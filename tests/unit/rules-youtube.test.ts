import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeId } from '../../src/core';

const ID = 'dQw4w9WgXcQ';

// Spec 2 §5 and spec 3 §5: YouTube watch, short or embed links with an 11-character id.
describe('youtubeId', () => {
  it.each([
    ['watch', `https://www.youtube.com/watch?v=${ID}`],
    ['watch without www', `https://youtube.com/watch?v=${ID}`],
    ['watch without scheme', `youtube.com/watch?v=${ID}`],
    ['watch over http', `http://www.youtube.com/watch?v=${ID}`],
    ['mobile watch', `https://m.youtube.com/watch?v=${ID}`],
    ['watch with a later param', `https://www.youtube.com/watch?v=${ID}&t=42s`],
    ['watch with an earlier param', `https://www.youtube.com/watch?feature=share&v=${ID}`],
    ['watch between params', `https://www.youtube.com/watch?app=desktop&v=${ID}&list=PL123`],
    ['watch with a hash', `https://www.youtube.com/watch?v=${ID}#comments`],
    ['short link', `https://youtu.be/${ID}`],
    ['short link with params', `https://youtu.be/${ID}?si=abc123&t=10`],
    ['short link without scheme', `youtu.be/${ID}`],
    ['shorts', `https://www.youtube.com/shorts/${ID}`],
    ['shorts with params', `https://youtube.com/shorts/${ID}?feature=share`],
    ['embed', `https://www.youtube.com/embed/${ID}`],
    ['embed with params', `https://www.youtube.com/embed/${ID}?autoplay=1`],
    ['privacy-enhanced embed', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['upper-case host', `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`],
    ['surrounding spaces', `  https://youtu.be/${ID}  `],
  ])('reads the id from a %s link', (_label, url) => {
    expect(youtubeId(url)).toBe(ID);
  });

  it('keeps the id exactly, with dashes, underscores and case', () => {
    expect(youtubeId('https://youtu.be/a-B_c9D-e_F')).toBe('a-B_c9D-e_F');
  });

  it.each([
    ['empty', ''],
    ['id of 10 characters', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['id of 12 characters', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['short link with a 12-character id', 'https://youtu.be/dQw4w9WgXcQQ'],
    ['embed with a 10-character id', 'https://www.youtube.com/embed/dQw4w9WgXc'],
    ['id with a forbidden character', 'https://youtu.be/dQw4w9Wg!cQ'],
    ['id with a dot', 'https://www.youtube.com/watch?v=dQw4w.WgXcQ'],
    ['watch without v', 'https://www.youtube.com/watch?list=PL1234567890'],
    ['v as the end of another param', `https://www.youtube.com/watch?xv=${ID}`],
    ['channel page', 'https://www.youtube.com/@somechannel'],
    ['other video site', `https://vimeo.com/${ID}`],
    ['look-alike host', `https://www.youtube.com.evil.com/watch?v=${ID}`],
    ['look-alike short host', `https://notyoutu.be/${ID}`],
    ['nocookie watch link', `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ['ftp scheme', `ftp://youtu.be/${ID}`],
    ['bare id', ID],
    ['space inside', `https://youtu.be/${ID} extra`],
  ])('returns null for %s', (_label, url) => {
    expect(youtubeId(url)).toBeNull();
  });
});

describe('youtubeEmbedUrl', () => {
  it('gives the privacy-enhanced player, autoplaying, muted and looping over itself', () => {
    expect(youtubeEmbedUrl(ID)).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&mute=1&loop=1&playlist=${ID}`,
    );
  });

  it('round-trips through youtubeId', () => {
    expect(youtubeId(youtubeEmbedUrl('a-B_c9D-e_F'))).toBe('a-B_c9D-e_F');
  });
});
