import { request } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BODY_LIMIT, limitBody, UPLOAD_BODY_LIMIT } from "./body-limit.js";

/*
 * The limit at its edge, on a bare Express app: the body the next handler sees, or the refusal,
 * for bodies sent with Content-Length and chunked.
 */

let server;
let port;
beforeAll(async () => {
  const app = express();
  app.use(limitBody((req, res, limit) => res.status(413).send(`limit ${limit}`)));
  app.use((req, res) => res.send(`body ${req.body?.length ?? "none"}`));
  await new Promise((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  port = server.address().port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function post(path, size, { chunked }) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": size },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve(`${res.statusCode} ${text}`));
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(Math.min(size, 64 * 1024), 0x61);
    let sent = 0;
    const more = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", more);
      }
      req.end();
    };
    more();
  });
}

describe.each([false, true])("chunked: %s", (chunked) => {
  test("a body of exactly the limit reaches the application whole", async () => {
    expect(await post("/register", BODY_LIMIT, { chunked })).toBe(`200 body ${BODY_LIMIT}`);
  });

  test("one byte more is refused, and the application never runs", async () => {
    expect(await post("/register", BODY_LIMIT + 1, { chunked })).toBe(`413 limit ${BODY_LIMIT}`);
  });

  test("an upload path takes more, up to its own limit", async () => {
    expect(await post("/anyang/press", BODY_LIMIT * 4, { chunked })).toBe(
      `200 body ${BODY_LIMIT * 4}`,
    );
    expect(await post("/admin/photos", UPLOAD_BODY_LIMIT + 1, { chunked })).toBe(
      `413 limit ${UPLOAD_BODY_LIMIT}`,
    );
  });
});

test("a request without a body goes on untouched", async () => {
  const text = await new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path: "/" }, (res) => {
      let t = "";
      res.on("data", (c) => (t += c));
      res.on("end", () => resolve(t));
    })
      .on("error", reject)
      .end();
  });
  expect(text).toBe("body none");
});
