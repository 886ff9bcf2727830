/*
 * The console's heavy picture work, one job at a time (pictures and panoramas; notice PDFs have
 * their own queue and worker, app/media/pdf.server.ts). sharp runs each pipeline on one of libuv's
 * four threads, the same threads scrypt (sign-in) and the file system use: two 38.5-megapixel PNGs
 * encoded at once filled them, and a sign-in meanwhile took 55 s. One picture at a time, with at
 * most two of its encodings at once (upload.server.ts; a panorama's widths one by one), leaves
 * two free.
 *
 * A queue holds at most `most` jobs waiting, each with its upload's bytes: the upload bound
 * (server/upload-guard.js) frees an upload's slot when its connection closes, so an editor who
 * sends costly uploads and aborts them could otherwise pile up jobs without end. One more is
 * refused (QueueFull: the upload answers 503 with Retry-After), and a waiting job whose request was
 * aborted (its AbortSignal) leaves the queue at once, its bytes with it, and never runs.
 */

/** What a 503 for a full queue asks the sender to wait (Retry-After, seconds). */
export const QUEUE_RETRY_SECONDS = 30;

/** A job refused because `most` jobs already wait: the upload is answered 503. */
export class QueueFull extends Error {
  constructor() {
    super("too many jobs waiting");
    this.name = "QueueFull";
  }
}

/**
 * A queue: each job starts when the one before it has ended (resolved or thrown). At most `most`
 * jobs wait (QueueFull past that); a job whose `signal` aborts before its turn is dropped, its
 * promise rejected with the signal's reason.
 */
export function oneAtATime(most = Infinity) {
  const waiting: (() => void)[] = [];
  let running = false;
  const next = () => {
    const start = waiting.shift();
    if (start) start();
    else running = false;
  };
  return <T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (running && waiting.length >= most) return reject(new QueueFull());
      const onAbort = () => {
        const at = waiting.indexOf(start);
        if (at < 0) return;
        waiting.splice(at, 1);
        reject(signal?.reason);
      };
      const start = () => {
        signal?.removeEventListener("abort", onAbort);
        running = true;
        Promise.resolve().then(job).then(resolve, reject).finally(next);
      };
      if (!running) return start();
      waiting.push(start);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
}

/** Pictures and panoramas waiting their turn, each holding its bytes (up to 20 and 40 MB). */
export const PICTURES_WAITING = 4;

/** The queue of uploaded pictures' and panoramas' decoding and encoding. */
export const pictureWork = oneAtATime(PICTURES_WAITING);
