// @ts-check
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createRenderer, createTurns, IDLE_NICE } from "./renderer.js";

/*
 * The render process's priority follows who waits (docs/decisions/049): an administrator's change
 * gets the server's own priority the moment it is asked for (before: nice 19 for its first 500 ms,
 * which a busy machine turned into seconds), a render nobody waits on stays at 19. The process is a
 * stand-in speaking server/render-worker.js's protocol; the nice values asked for are recorded.
 */

const dir = mkdtempSync(join(tmpdir(), "renderer-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const WORKER = join(dir, "worker.mjs");
// Ready once "loaded" (100 ms); each render answered after 150 ms with what it was sent.
writeFileSync(
  WORKER,
  `process.on("disconnect", () => process.exit(0));
setTimeout(() => process.send({ ready: true }), 100);
process.on("message", (m) => {
  setTimeout(() => process.send({ seq: m.seq, rendered: { origin: "", pages: {}, sent: m } }), 150);
});
`,
);

const own = getPriority();

/** @param {import("./renderer.js").Step[]} [steps] */
function rendererOf(steps) {
  /** @type {number[]} */
  const asked = [];
  const renderer = createRenderer({
    args: [],
    snapshot: () => ({ sites: ["anyang"] }),
    worker: WORKER,
    ...(steps ? { steps } : {}),
    nice: (_pid, value) => void asked.push(value),
  });
  return { renderer, asked };
}

describe("the render process", () => {
  test("loads at the server's own priority and idles at 19 once loaded", async () => {
    const { renderer, asked } = rendererOf();
    renderer.start();
    expect(renderer.pid()).toBeGreaterThan(0);
    expect(asked).toEqual([]);
    await expect.poll(() => asked).toEqual([IDLE_NICE]);
  });

  test("a render someone waits on gets the server's own priority at once, before it is answered, and 19 again when it is", async () => {
    const { renderer, asked } = rendererOf();
    renderer.start();
    await expect.poll(() => asked).toEqual([IDLE_NICE]);
    const rendering = renderer.render("anyang");
    expect(asked).toEqual([IDLE_NICE, own]);
    const rendered = /** @type {any} */ (await rendering);
    expect(rendered.sent).toMatchObject({
      id: "anyang",
      background: false,
      snapshot: { sites: ["anyang"] },
    });
    expect(asked).toEqual([IDLE_NICE, own, IDLE_NICE]);
  });

  test("in steps when asked so: lower first, the server's own after the step's time, 19 once answered", async () => {
    const { renderer, asked } = rendererOf([
      { afterMs: 0, nice: 5 },
      { afterMs: 50, nice: 0 },
    ]);
    renderer.start();
    await expect.poll(() => asked).toEqual([IDLE_NICE]);
    await renderer.render("anyang");
    expect(asked).toEqual([IDLE_NICE, own + 5, own, IDLE_NICE]);
  });

  test("two at once: 19 again only after both", async () => {
    const { renderer, asked } = rendererOf();
    renderer.start();
    await expect.poll(() => asked).toEqual([IDLE_NICE]);
    const first = renderer.render("anyang");
    await new Promise((r) => setTimeout(r, 50));
    const second = renderer.render("suwon");
    await first;
    expect(asked).toEqual([IDLE_NICE, own]);
    await second;
    expect(asked).toEqual([IDLE_NICE, own, IDLE_NICE]);
  });

  test("a render nobody waits on (every complex stored after a start) stays at 19, and says so to the process", async () => {
    const { renderer, asked } = rendererOf();
    const rendered = /** @type {any} */ (await renderer.render("suwon", { background: true }));
    expect(rendered.sent).toMatchObject({ id: "suwon", background: true });
    expect(asked).toEqual([IDLE_NICE]);
  });
});

describe("turns in the render process", () => {
  test("a render nobody waits on goes on at once while none is waited on, and pauses between pages until the waited-on ones end", async () => {
    const turns = createTurns();
    expect(await turns.turn()).toBe(false);
    turns.begin();
    turns.begin();
    let resumed = false;
    const paused = turns.turn().then((waited) => (resumed = waited));
    await new Promise((r) => setTimeout(r, 10));
    expect(resumed).toBe(false);
    turns.end();
    await new Promise((r) => setTimeout(r, 10));
    expect(resumed).toBe(false);
    turns.end();
    await paused;
    expect(resumed).toBe(true);
    expect(await turns.turn()).toBe(false);
  });
});
