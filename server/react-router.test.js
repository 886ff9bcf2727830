/* global fetch, Response */
import { once } from "node:events";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { reactRouterHandler } from "./react-router.js";

/** An app whose every answer carries the server's policy, then React Router's (here: `answer`). */
async function serve(answer) {
  const app = express();
  app.use((req, res, next) => {
    res.set("Content-Security-Policy", "script-src 'self'");
    res.set("X-Content-Type-Options", "nosniff");
    next();
  });
  app.use(reactRouterHandler({ render: async () => answer(), getLoadContext: () => ({}) }));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  running.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}
const running = [];
afterEach(() => {
  for (const s of running.splice(0)) s.close();
});

test("a route's own Content-Security-Policy replaces the server's; cookies are all kept", async () => {
  const headers = new Headers({
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
  });
  headers.append("Set-Cookie", "a=1");
  headers.append("Set-Cookie", "b=2");
  const url = await serve(() => new Response("<svg/>", { headers }));
  const res = await fetch(url);
  expect(res.headers.get("content-security-policy")).toBe(
    "default-src 'none'; style-src 'unsafe-inline'",
  );
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
});

test("an answer without a policy of its own keeps the server's", async () => {
  const url = await serve(() => new Response("ok"));
  expect((await fetch(url)).headers.get("content-security-policy")).toBe("script-src 'self'");
});
