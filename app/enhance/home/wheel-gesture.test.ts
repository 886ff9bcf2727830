import { describe, expect, test } from "vitest";
import { GESTURE_GAP_MS, TRACKPAD_GAP_MS, wheelGestures } from "./wheel-gesture";

/** Feeds events ([delta px, time ms]) and lists the steps they made. */
function steps(events: [number, number][], lockMs = 500) {
  const gesture = wheelGestures();
  let lockedUntil = -Infinity;
  const made: number[] = [];
  for (const [delta, at] of events) {
    const step = gesture(delta, at, lockedUntil);
    if (step) {
      made.push(step);
      lockedUntil = at + lockMs;
    }
  }
  return made;
}

describe("wheel gestures of the home page's paging", () => {
  test("one mouse-wheel step moves one section; its direction follows the wheel", () => {
    expect(steps([[120, 1000]])).toEqual([1]);
    expect(steps([[-120, 1000]])).toEqual([-1]);
  });

  test("a second step within 500 ms is ignored, one after it counts", () => {
    expect(
      steps([
        [120, 1000],
        [120, 1000 + GESTURE_GAP_MS + 50],
      ]),
    ).toEqual([1]);
    expect(
      steps([
        [120, 1000],
        [120, 1650],
      ]),
    ).toEqual([1, 1]);
  });

  test("a trackpad's burst of 20 small steps 16 ms apart is one gesture", () => {
    const burst = Array.from({ length: 20 }, (_, i) => [6, 1000 + i * 16] as [number, number]);
    expect(steps(burst)).toEqual([1]);
  });

  test("a trackpad stream that falters for 400 ms is still one gesture, even after the lock", () => {
    const stream: [number, number][] = [];
    for (let t = 0; t < 1500; t += 16) if (t < 300 || t > 700) stream.push([5, 1000 + t]);
    expect(steps(stream)).toEqual([1]);
  });

  test("a new trackpad gesture after a quiet pause moves again", () => {
    const one = Array.from({ length: 10 }, (_, i) => [6, 1000 + i * 16] as [number, number]);
    const later = one.map(([d, t]) => [-d, t + 144 + TRACKPAD_GAP_MS + 10] as [number, number]);
    expect(steps([...one, ...later])).toEqual([1, -1]);
  });

  test("jitter under 8 px does not move", () => {
    expect(
      steps([
        [3, 1000],
        [-2, 1016],
        [4, 1032],
      ]),
    ).toEqual([]);
  });
});
