// @ts-check
/*
 * The render process as the server drives it (server/app.js): a child process
 * (server/render-worker.js) that renders a complex's pages while this process answers visitors
 * (docs/decisions/036, 049). It is started with the server, loads the build at the server's own
 * CPU priority (a part of starting) and then idles at nice 19. Its priority follows who waits for
 * a render:
 *   - a render someone waits on (an administrator's change, promised on every page within 5 s; a
 *     visitor of a cold complex) runs at the server's own priority from the moment it is asked for,
 *     so the machine's other work cannot starve it, and it is not held behind a render nobody waits
 *     on (the worker pauses those between pages: `createTurns`);
 *   - one nobody waits on (every complex's pages stored after a start) runs at nice 19 and takes
 *     only idle CPU.
 * The bound: one process, so at most one core, never above the server's priority, back at 19 as
 * soon as no waited-on render is left.
 */
import { fork } from "node:child_process";
import { getPriority, setPriority } from "node:os";

/** The render process's nice value when no render someone waits on is under way. */
export const IDLE_NICE = 19;

/**
 * While a render someone waits on is under way: the nice value above the server's own, by the
 * time since the first of them was asked for.
 * @typedef {{ afterMs: number, nice: number }} Step
 * @type {Step[]}
 */
export const WAITED_STEPS = [{ afterMs: 0, nice: 0 }];

/**
 * @typedef {{ resolve: (value: any) => void, reject: (error: Error) => void }} Waiter
 * @typedef {{ worker: import("node:child_process").ChildProcess, ready: Promise<void>, seq: number, waiting: Map<number, Waiter>, waited: number, loaded: boolean, step: number, timers: NodeJS.Timeout[], sent: WeakSet<object> }} Running
 */

/**
 * `args`: the worker's arguments (build and client folders); `snapshot(sent)`: this process's
 * complexes, sent with each render: those the render process already has (in `sent`, one set per
 * process) by their id only (with 500 complexes, sending every one with every render took seconds
 * of a publish). `worker`, `nice` and `warn`: stand-ins for tests.
 * @param {{
 *   args: string[],
 *   snapshot: (sent: WeakSet<object>) => unknown,
 *   worker?: string | URL,
 *   steps?: Step[],
 *   nice?: (pid: number, value: number) => void,
 *   warn?: (line: string) => void,
 * }} options
 */
export function createRenderer({
  args,
  snapshot,
  worker: workerFile = new URL("./render-worker.js", import.meta.url),
  steps = WAITED_STEPS,
  nice = setPriority,
  warn = (line) => console.warn(line),
}) {
  // The server's own priority: what a waited-on render gets.
  const ownNice = getPriority();
  /** @type {Running | undefined} */
  let running;
  let refused = false;
  /**
   * Sets the process's nice value. Going back down from 19 needs root, CAP_SYS_NICE or an
   * RLIMIT_NICE that allows it (systemd `LimitNICE=20`, docs/deploy.md); without one the render
   * stays at 19, said once in the log.
   * @param {import("node:child_process").ChildProcess} worker @param {number} value
   */
  function prioritise(worker, value) {
    if (!worker.pid || worker.exitCode !== null) return;
    try {
      nice(worker.pid, value);
    } catch (error) {
      if (refused) return;
      refused = true;
      warn(
        `[render] 렌더 프로세스의 우선순위를 ${value}(으)로 바꾸지 못했습니다 (LimitNICE=20 또는 CAP_SYS_NICE 필요): ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  /** The priority it should have now. @param {Running} r */
  const settle = (r) =>
    prioritise(
      r.worker,
      !r.loaded ? ownNice : r.waited > 0 ? ownNice + (steps[r.step]?.nice ?? 0) : IDLE_NICE,
    );
  /** A render someone waits on begins: the first step, and timers for the others. @param {Running} r */
  function waitedBegins(r) {
    if (r.waited++ > 0) return;
    r.step = 0;
    settle(r);
    r.timers = steps.slice(1).map((step, i) =>
      setTimeout(() => {
        r.step = i + 1;
        settle(r);
      }, step.afterMs).unref(),
    );
  }
  /** @param {Running} r */
  function waitedEnds(r) {
    if (--r.waited > 0) return;
    for (const timer of r.timers) clearTimeout(timer);
    r.timers = [];
    settle(r);
  }

  /** The render process, started if it is not running. @returns {Running} */
  function start() {
    if (running) return running;
    const worker = fork(workerFile, args, { serialization: "advanced" });
    worker.unref();
    worker.channel?.unref();
    /** @type {Map<number, Waiter>} */
    const waiting = new Map();
    const ready = new Promise((resolve, reject) => {
      worker.once("error", reject);
      worker.on("message", (/** @type {any} */ message) => {
        if (message.ready) return resolve(undefined);
        const done = waiting.get(message.seq);
        waiting.delete(message.seq);
        if (message.error) done?.reject(new Error(message.error));
        else done?.resolve(message.rendered);
      });
    });
    /** @type {Running} */
    const r = {
      worker,
      ready: /** @type {Promise<void>} */ (ready),
      seq: 0,
      waiting,
      waited: 0,
      loaded: false,
      step: 0,
      timers: [],
      sent: new WeakSet(),
    };
    // Loaded: idle, unless a render waits. A start that failed is the first render's error.
    ready.then(
      () => {
        r.loaded = true;
        settle(r);
      },
      () => {},
    );
    worker.on("exit", (code) => {
      for (const done of waiting.values())
        done.reject(new Error(`render process exited (${code})`));
      waiting.clear();
      if (running === r) running = undefined;
    });
    running = r;
    return r;
  }

  /**
   * A complex's pages rendered in the render process. `background`: nobody waits for it.
   * @param {string} id
   * @param {{ background?: boolean }} [options]
   * @returns {Promise<import("./render-site.js").RenderedSite>}
   */
  function render(id, { background = false } = {}) {
    const r = start();
    if (!background) waitedBegins(r);
    return r.ready
      .then(
        () =>
          /** @type {Promise<import("./render-site.js").RenderedSite>} */ (
            new Promise((resolve, reject) => {
              const seq = ++r.seq;
              r.waiting.set(seq, { resolve, reject });
              r.worker.send({ seq, id, background, snapshot: snapshot(r.sent) });
            })
          ),
      )
      .finally(() => {
        if (!background) waitedEnds(r);
      });
  }

  return {
    start: () => void start(),
    render,
    /**
     * One render nobody waits on whose pages are thrown away: the process's first render costs
     * about three times a later one (its code not yet optimised, its caches empty), and that cost
     * is better paid in idle time than by the first administrator's change.
     * @param {string} id
     */
    warm(id) {
      const r = start();
      r.ready.then(
        () =>
          r.worker.send({ seq: 0, id, background: true, warm: true, snapshot: snapshot(r.sent) }),
        () => {},
      );
    },
    /** The render process's id, once started (tests). */
    pid: () => running?.worker.pid,
  };
}

/**
 * In the render process: renders someone waits on go first. A render nobody waits on awaits
 * `turn()` before each page; it returns at once unless a waited-on render is under way, and then
 * when the last of those ends. `begin()` / `end()` bracket a waited-on render.
 */
export function createTurns() {
  let waited = 0;
  /** @type {(() => void)[]} */
  let paused = [];
  return {
    begin() {
      waited++;
    },
    end() {
      if (--waited > 0) return;
      const resume = paused;
      paused = [];
      for (const go of resume) go();
    },
    /** @returns {Promise<boolean>} true when it had to wait */
    async turn() {
      if (waited === 0) return false;
      await new Promise((resolve) => paused.push(() => resolve(undefined)));
      return true;
    },
  };
}
