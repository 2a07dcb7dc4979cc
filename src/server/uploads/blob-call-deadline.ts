/**
 * The deadline of one Netlify Blobs call, and the fetch that holds the call to it.
 *
 * The rule: a call may take BLOB_ROUND_TRIP_MS, plus the time its bytes need at
 * BLOB_MIN_BYTES_PER_SECOND (a write's from the start, an answer's from when its headers arrive).
 * A healthy store answers a metadata read, a list or a delete in tens of milliseconds, so 3 s is
 * only ever reached by a store in trouble; and a 10 MiB image, the largest there is, gets 8 s
 * to go either way, which a store in the functions' own region moves many times faster. Both end
 * inside the 10 s Netlify gives a synchronous function, so the request still answers its own 503
 * with Retry-After instead of the platform's bare error; a call that ends a request when it fails
 * is the last one it makes.
 *
 * Why the deadline covers the whole call, retries included: @netlify/blobs retries a 5xx, a 429 and
 * a thrown fetch five times, 5 s apart (only 1 ms apart when NODE_ENV is 'test'), so an unreachable
 * or failing store would otherwise hold a call for 25 s and more. The fetch handed to getStore
 * carries the call's AbortSignal, so at the deadline the socket itself is closed (a write is cut
 * off, not left to finish behind the answer), and every later attempt of the same call fails before
 * it sends anything. The library's pauses between attempts take no signal, so the call's caller
 * stops waiting at the deadline through `expired` rather than after those pauses.
 */

const BLOB_ROUND_TRIP_MS = 3_000;
const BLOB_MIN_BYTES_PER_SECOND = 2 * 1024 * 1024;

const transferMs = (bytes: number) => Math.ceil((bytes / BLOB_MIN_BYTES_PER_SECOND) * 1000);

/** The deadline of a call that sends `bytes` (0 for a read, a list or a delete). */
export const blobCallDeadlineMs = (bytes: number) => BLOB_ROUND_TRIP_MS + transferMs(bytes);

/** Thrown, and given as the abort reason, when a call passes its deadline. */
export class BlobCallTimeoutError extends Error {
  constructor(ms: number) {
    super(`did not answer within ${ms} ms`);
    this.name = 'BlobCallTimeoutError';
  }
}

export interface BlobCallDeadline {
  /** The fetch for getStore: every request of the call, under the call's deadline. */
  fetch: typeof globalThis.fetch;
  /** Rejects with BlobCallTimeoutError at the deadline; never resolves. */
  expired: Promise<never>;
  /** The status of the last answer the store gave the call (after the library's retries, the one it kept). */
  lastStatus(): number | undefined;
  /** The call is over: the deadline no longer runs. */
  end(): void;
}

export function startBlobCallDeadline(sendsBytes: number): BlobCallDeadline {
  const controller = new AbortController();
  let allowedMs = blobCallDeadlineMs(sendsBytes);
  let expiresAt = Date.now() + allowedMs;
  let status: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new BlobCallTimeoutError(allowedMs)), Math.max(0, expiresAt - Date.now()));
  };
  arm();
  const expired = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  expired.catch(() => {}); // a call that already failed otherwise leaves this unheard

  return {
    async fetch(input, init) {
      controller.signal.throwIfAborted();
      const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
      const res = await globalThis.fetch(input, { ...init, signal });
      status = res.status;
      // The answer's bytes get their own time at the floor rate, from now.
      const length = Number(res.headers.get('content-length'));
      const until = Date.now() + (Number.isFinite(length) && length > 0 ? transferMs(length) : 0);
      if (until > expiresAt) {
        allowedMs += until - expiresAt;
        expiresAt = until;
        arm();
      }
      return res;
    },
    expired,
    lastStatus: () => status,
    end() {
      clearTimeout(timer);
    },
  };
}
