/**
 * The one YouTube URL parser: watch, embed, v/ and youtu.be short-link forms
 * with an 11-character video id; anything else is invalid. Used by the article page to embed and by
 * the list to mark videos, and safe in the browser (the admin form may use it for a live hint).
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/**
 * Player paths that fit VIDEO_ID but name no video: a playlist's and a channel's live stream
 * (/embed/videoseries?list=…, /embed/live_stream?channel=…). Embedded without their query, the
 * player shows YouTube's own error where the page should say the link is not a video's.
 */
const PLAYER_PATHS = new Set(['videoseries', 'live_stream']);

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);

function toUrl(input: string): URL | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  // People paste 'youtu.be/…' or 'www.youtube.com/watch?v=…' without a scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The 11-character video id of a recognised YouTube URL, or null. */
export function parseYouTubeId(input: string | null | undefined): string | null {
  if (!input) return null;
  const url = toUrl(input);
  if (!url || url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  let candidate: string | null = null;
  if (SHORT_HOSTS.has(host)) {
    // youtu.be/ID
    if (segments.length === 1) candidate = segments[0];
  } else if (YOUTUBE_HOSTS.has(host) || NOCOOKIE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch' && YOUTUBE_HOSTS.has(host)) {
      // youtube.com/watch?v=ID
      candidate = url.searchParams.get('v');
    } else if (segments.length === 2 && (segments[0] === 'embed' || segments[0] === 'v')) {
      // youtube.com/embed/ID, youtube.com/v/ID
      candidate = segments[1];
    }
  }
  return candidate && VIDEO_ID.test(candidate) && !PLAYER_PATHS.has(candidate) ? candidate : null;
}

/**
 * The privacy-enhanced embed address (no cookies until the visitor plays the video), the one origin
 * the site's CSP allows in frame-src.
 */
export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
}

/** The video's own page on YouTube: the address a printed article gives in place of the player. */
export function youTubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

/** True when an article carries a video URL at all (the list's Video marker), valid or not. */
export function hasVideoUrl(input: string | null | undefined): boolean {
  return Boolean(input && input.trim());
}
