/* global fetch, Response */
import express from "express";
import { describe, expect, test } from "vitest";
import { NONCE_PLACEHOLDER, renderedCache } from "./rendered-cache.js";

const PLACEHOLDER = 7_391_028_465;

/**
 * An Express app with the cache in front of a stand-in for React Router that renders an article
 * (`/anyang/press/aaaaaaaaaaaa`) or the list (`/anyang/press`), counting its renderings.
 */
function setup({ status = 200, fail = false } = {}) {
  const state = { renders: 0, views: 10, generation: 0, clock: 0, fellThrough: 0, visible: true };
  const pages = {
    match: (_complex, path) =>
      path === "/anyang/press"
        ? { kind: "list", site: "anyang" }
        : /^\/anyang\/press\/[a-z]{12}$/.test(path)
          ? { kind: "article", site: "anyang", id: path.slice(-12) }
          : null,
    signedIn: (cookie) => Boolean(cookie?.includes("admin_session=")),
    generation: () => state.generation,
    views: async () => (state.visible ? ++state.views : undefined),
    placeholder: PLACEHOLDER,
    format: (n) => n.toLocaleString("ko-KR"),
  };
  const render = async (req, res, context) => {
    state.renders++;
    await new Promise((done) => setTimeout(done, 20));
    if (fail) throw new Error("database unreachable");
    const views = context.viewsPlaceholder ? PLACEHOLDER : 0;
    const html = `<p>${req.path} 조회 ${views.toLocaleString("ko-KR")}</p><script nonce="${context.cspNonce}">x(${views})</script>`;
    return new Response(html, { status, headers: { "Content-Type": "text/html" } });
  };
  const app = express();
  const cache = renderedCache({ pages, render, now: () => state.clock });
  app.use(cache);
  app.use((req, res) => {
    state.fellThrough++;
    res.status(299).send("react router");
  });
  return { app, state, cache };
}

async function serve(app, fn) {
  const server = app.listen(0);
  const url = `http://127.0.0.1:${server.address().port}`;
  try {
    return await fn(url);
  } finally {
    server.close();
  }
}

describe("rendered press pages", () => {
  test("20 readers at once: one rendering, 20 counted views, each with its own nonce in script and header", async () => {
    const { app, state } = setup();
    await serve(app, async (url) => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${url}/anyang/press/abcdefghijkl`)),
      );
      const bodies = await Promise.all(answers.map((r) => r.text()));
      expect(state.renders).toBe(1);
      const counts = bodies.map((b) => Number(/x\((\d+)\)/.exec(b)[1])).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => 11 + i));
      for (const [i, body] of bodies.entries()) {
        const nonce = /nonce="([^"]+)"/.exec(body)[1];
        expect(nonce).not.toBe(NONCE_PLACEHOLDER);
        expect(answers[i].headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
        expect(body).toContain(
          `조회 ${Number(/x\((\d+)\)/.exec(body)[1]).toLocaleString("ko-KR")}`,
        );
      }
      expect(new Set(bodies.map((b) => /nonce="([^"]+)"/.exec(b)[1])).size).toBe(20);
    });
  });

  test("a kept page is rendered again after a post is written or two seconds have passed", async () => {
    const { app, state } = setup();
    await serve(app, async (url) => {
      const get = () => fetch(`${url}/anyang/press`).then((r) => r.text());
      await get();
      await get();
      expect(state.renders).toBe(1);
      state.generation++;
      await get();
      expect(state.renders).toBe(2);
      state.clock += 1_999;
      await get();
      expect(state.renders).toBe(2);
      state.clock += 1;
      await get();
      expect(state.renders).toBe(3);
    });
  });

  test("the administrator, HEAD, other paths and an article no longer visible go to React Router", async () => {
    const { app, state } = setup();
    await serve(app, async (url) => {
      const signedIn = await fetch(`${url}/anyang/press`, {
        headers: { Cookie: "admin_session=abc" },
      });
      expect(signedIn.status).toBe(299);
      expect((await fetch(`${url}/anyang/press`, { method: "HEAD" })).status).toBe(299);
      expect((await fetch(`${url}/anyang/press.data`)).status).toBe(299);
      state.visible = false;
      expect((await fetch(`${url}/anyang/press/abcdefghijkl`)).status).toBe(299);
      expect(state.fellThrough).toBe(4);
    });
  });

  test("an answer other than 200 is sent but not kept; a failed rendering falls through", async () => {
    const notFound = setup({ status: 404 });
    await serve(notFound.app, async (url) => {
      expect((await fetch(`${url}/anyang/press`)).status).toBe(404);
      expect((await fetch(`${url}/anyang/press`)).status).toBe(404);
      expect(notFound.state.renders).toBe(2);
    });
    const failing = setup({ fail: true });
    await serve(failing.app, async (url) => {
      expect((await fetch(`${url}/anyang/press`)).status).toBe(299);
    });
  });
});

describe("a complex changed here (a live value, a publish)", () => {
  test("gets its press pages rendered again at the next request, not when they expire; a rendering begun before the change is not handed to a request after it", async () => {
    const { app, state, cache } = setup();
    await serve(app, async (url) => {
      await fetch(`${url}/anyang/press`);
      await fetch(`${url}/anyang/press`);
      expect(state.renders).toBe(1);
      cache.forget("");
      await fetch(`${url}/anyang/press`);
      expect(state.renders).toBe(2);
      await fetch(`${url}/anyang/press`);
      expect(state.renders).toBe(2);
      // A change while a request's rendering is under way: the request after it gets its own.
      cache.forget("");
      const before = fetch(`${url}/anyang/press`);
      await expect.poll(() => state.renders).toBe(3);
      cache.forget("");
      await fetch(`${url}/anyang/press`);
      await before;
      expect(state.renders).toBe(4);
    });
  });
});
