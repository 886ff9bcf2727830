import { afterEach, describe, expect, test, vi } from "vitest";
import { periodicTask, type PeriodicTask } from "./periodic.server";

const tasks: PeriodicTask[] = [];
const holds: (() => void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  const stopping = tasks.splice(0).map((t) => t.stop());
  for (const release of holds.splice(0)) release();
  await Promise.all(stopping);
});

/** A task whose runs are counted and each held until `release()`. */
function heldTask(intervalMs: number) {
  let runs = 0;
  let release = () => {};
  const task = periodicTask({
    intervalMs,
    failure: "[test] 실패:",
    run: () => {
      runs++;
      return new Promise<void>((resolve) => {
        release = resolve;
        holds.push(resolve);
      });
    },
  });
  tasks.push(task);
  return { task, runs: () => runs, release: () => release() };
}

describe("periodicTask", () => {
  test("runs at start, then one interval after each run ends, never two at once", async () => {
    vi.useFakeTimers();
    const t = heldTask(1000);
    t.task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000); // the first run is still going
    expect(t.runs()).toBe(1);
    t.release();
    await vi.advanceTimersByTimeAsync(999);
    expect(t.runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.runs()).toBe(2);
  });

  test("a poke during a run brings one more run right after it, however many pokes", async () => {
    vi.useFakeTimers();
    const t = heldTask(60_000);
    t.task.start({ immediately: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.runs()).toBe(0);
    t.task.poke();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.runs()).toBe(1);
    t.task.poke();
    t.task.poke();
    t.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.runs()).toBe(2);
    t.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.runs()).toBe(2);
  });

  test("an error is logged and the loop goes on; after stop nothing runs", async () => {
    vi.useFakeTimers();
    const errors = vi.mocked(console.error).mockImplementation(() => {});
    let runs = 0;
    const task = periodicTask({
      intervalMs: 100,
      failure: "[test] 실패:",
      run: async () => {
        runs++;
        throw new Error("boom");
      },
    });
    tasks.push(task);
    task.start();
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toBe(3);
    expect(errors).toHaveBeenCalledWith("[test] 실패:", expect.any(Error));
    await task.stop();
    task.poke();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
  });

  test("stop waits for the run in progress", async () => {
    const t = heldTask(1000);
    t.task.start();
    let stopped = false;
    const stopping = t.task.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    t.release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
