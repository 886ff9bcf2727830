/*
 * The server's polling loops (the outbox, the media jobs, the retention purge, the morning digest,
 * the content store's sync) on one helper: one run at a time, the next `intervalMs` after the last
 * ended (a slow run never piles up behind itself), a run asked for meanwhile (`poke`) right after
 * the current one, and an error logged in Korean without ending the loop. Its timers never keep
 * the process alive on their own.
 */

export type PeriodicTask = {
  /** Starts the loop: its first run now (`immediately`, the default) or after one interval. */
  start(options?: { immediately?: boolean }): void;
  /** Runs as soon as possible: now, or right after the run in progress. */
  poke(): void;
  /** Ends the loop and waits for the run in progress. */
  stop(): Promise<void>;
};

export function periodicTask(options: {
  /** Milliseconds from the end of one run to the start of the next (read each time). */
  intervalMs: number | (() => number);
  run: () => Promise<unknown>;
  /** Logged with the error when a run throws: "[outbox] 전송 작업 오류:". */
  failure: string;
}): PeriodicTask {
  const interval =
    typeof options.intervalMs === "function"
      ? options.intervalMs
      : () => options.intervalMs as number;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  function wait() {
    if (stopped) return;
    timer = setTimeout(poke, interval());
    timer.unref();
  }

  function poke() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = Promise.resolve()
      .then(() => options.run())
      .then(
        () => undefined,
        (error: unknown) => console.error(options.failure, error),
      )
      .finally(() => {
        running = undefined;
        if (!again) return wait();
        again = false;
        poke();
      });
  }

  return {
    start({ immediately = true } = {}) {
      if (!stopped) return;
      stopped = false;
      if (immediately) poke();
      else wait();
    },
    poke,
    async stop() {
      stopped = true;
      again = false;
      clearTimeout(timer);
      await running;
    },
  };
}
