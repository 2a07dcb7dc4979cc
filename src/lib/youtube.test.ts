import { describe, expect, it } from 'vitest';
import { hasVideoUrl, parseYouTubeId, youTubeEmbedUrl } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeId: recognised forms', () => {
  it.each([
    ['watch', `https://www.youtube.com/watch?v=${ID}`],
    ['watch with more parameters', `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`],
    ['watch without www', `https://youtube.com/watch?v=${ID}`],
    ['watch on mobile', `https://m.youtube.com/watch?v=${ID}`],
    ['watch over http', `http://www.youtube.com/watch?v=${ID}`],
    ['watch without a scheme', `www.youtube.com/watch?v=${ID}`],
    ['embed', `https://www.youtube.com/embed/${ID}`],
    ['embed with a start time', `https://www.youtube.com/embed/${ID}?start=30`],
    ['embed on youtube-nocookie', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['v/', `https://www.youtube.com/v/${ID}`],
    ['youtu.be', `https://youtu.be/${ID}`],
    ['youtu.be with a timestamp', `https://youtu.be/${ID}?t=10`],
    ['youtu.be without a scheme', `youtu.be/${ID}`],
    ['surrounding whitespace', `  https://youtu.be/${ID}  `],
  ])('%s', (_name, url) => {
    expect(parseYouTubeId(url)).toBe(ID);
  });

  it('accepts ids with - and _', () => {
    expect(parseYouTubeId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });
});

describe('parseYouTubeId: near misses are rejected', () => {
  it.each([
    ['empty', ''],
    ['null', null],
    ['id of 10 characters', 'https://youtu.be/dQw4w9WgXc'],
    ['id of 12 characters', 'https://youtu.be/dQw4w9WgXcQQ'],
    ['id with a forbidden character', 'https://youtu.be/dQw4w9WgX.Q'],
    ['watch without v', 'https://www.youtube.com/watch?list=PL123'],
    ['watch with a short v', 'https://www.youtube.com/watch?v=abc'],
    ['embed with an extra segment', `https://www.youtube.com/embed/${ID}/extra`],
    ['shorts (not a listed form)', `https://www.youtube.com/shorts/${ID}`],
    // Eleven characters each, but names of YouTube's own player paths, not videos: without their
    // query the player would show YouTube's error instead of the page's 'Invalid YouTube URL'.
    ['a playlist embed', 'https://www.youtube.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG'],
    ['a channel live-stream embed', 'https://www.youtube.com/embed/live_stream?channel=UCuAXFkgsw1L7xaCfnd5JJOw'],
    ['a playlist embed on youtube-nocookie', 'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG'],
    ['channel page', 'https://www.youtube.com/@surgeremarketing'],
    ['look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ['look-alike short host', `https://youtu.be.evil.example/${ID}`],
    ['other video site', `https://vimeo.com/${ID}`],
    ['javascript: scheme', `javascript:alert('https://youtu.be/${ID}')`],
    ['data: scheme', `data:text/html,https://youtu.be/${ID}`],
    ['credentials in the URL', `https://user:pass@youtu.be/${ID}`],
    ['watch on youtube-nocookie', `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ['plain text', 'not a url'],
    ['a bare id', ID],
  ])('%s', (_name, url) => {
    expect(parseYouTubeId(url)).toBeNull();
  });
});

describe('youTubeEmbedUrl', () => {
  it('uses the privacy-enhanced host the CSP allows', () => {
    expect(youTubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });
});

describe('hasVideoUrl', () => {
  it('marks any non-blank URL, valid or not (the detail page then says it is invalid)', () => {
    expect(hasVideoUrl('https://example.com/x')).toBe(true);
    expect(hasVideoUrl('  ')).toBe(false);
    expect(hasVideoUrl(null)).toBe(false);
  });
});
