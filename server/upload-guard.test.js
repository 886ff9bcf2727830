import { request } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { BODY_LIMIT, limitBody, readBody, UPLOAD_BODY_LIMIT } from "./body-limit.js";
import { createRefuse, refusalText, UNREAD_LINGER_MS } from "./error-page.js";
import { ALLOWED_METHODS, onlyAllowedMethods } from "./guards.js";
import {
  guardUploads,
  UPLOAD_MESSAGES,
  UPLOAD_RETRY_SECONDS,
  UPLOADS_AT_ONCE,
  UPLOADS_PER_ACCOUNT,
} from "./upload-guard.js";

/*
 * The guard in front of the method check and limitBody, on a bare Express app in the server's
 * order (server/app.js): a large upload is
 * refused on its headers (its body never read: the server's socket read counts it), or counted
 * against the bounds and read by limitBody as before.
 */

const MB = 1024 * 1024;
const site = {
  siteName: "라움하임",
  phone: "1600-0000",
  telHref: "tel:16000000",
  failedMessage: "등록에 실패했습니다. 다시 시도해 주세요.",
  logo: { src: "/img/brand/logo.svg", width: 180, height: 40 },
  stylesheets: [],
};
/**
 * What a refused connection may have read off it: Node drops what its socket buffer held when the
 * answer went out (up to 32 MB here, net.ipv4.tcp_rmem), as it closes the connection; the body
 * itself (100 to 150 MB below) is never read.
 */
const UNREAD_MOST = 40 * MB;
/** Cookie → account, as ServerEntry adminSessionOf answers: editors and a 상담원 (consultant). */
const SESSIONS = new Map([
  ["s=a", { accountId: "a", mayUpload: true }],
  ["s=b", { accountId: "b", mayUpload: true }],
  ["s=c", { accountId: "c", mayUpload: true }],
  ["s=consultant", { accountId: "d", mayUpload: false }],
]);

let server;
let port;
let own;
let lookups = 0;
/** Requests (by X-Id) the guard let on to limitBody. */
const passed = [];
/** Bytes the server read off each request's connection (by X-Id), once it closed. */
const readOff = new Map();

beforeAll(async () => {
  const app = express();
  const refuse = createRefuse(() => site);
  app.use((req, res, next) => {
    res.once("close", () => readOff.set(req.get("x-id"), req.socket.bytesRead));
    next();
  });
  app.use(
    guardUploads({
      async adminOf(cookie) {
        lookups += 1;
        if (cookie === "s=broken") throw new Error("database down");
        return SESSIONS.get(cookie ?? "") ?? null;
      },
      requestOrigin: () => own,
      refuse,
    }),
  );
  app.use((req, _res, next) => {
    passed.push(req.get("x-id"));
    next();
  });
  app.use(onlyAllowedMethods(refuse));
  app.use(limitBody((req, res, limit, { unread }) => refuse(req, res, 413, { limit, unread })));
  app.use(async (req, res) => {
    const bytes = await readBody(req);
    if (bytes !== null) res.json({ ok: true, bytes });
  });
  await new Promise((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  port = server.address().port;
  own = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

let ids = 0;
/**
 * A POST of `size` bytes streamed from here in 64 KB pieces (nothing holds the whole body), that
 * stops sending once it has its answer. `holdAt`: sends that many bytes, then waits for finish().
 * The answer: status, headers, body, and how many bytes had been sent when it came.
 */
function upload({
  method = "POST",
  path = "/admin/media/video",
  size,
  cookie,
  origin = own,
  chunked = false,
  holdAt,
}) {
  const id = String(++ids);
  let sent = 0;
  let answered = false;
  let held = holdAt !== undefined;
  const req = request({
    host: "127.0.0.1",
    port,
    method,
    path,
    headers: {
      "X-Id": id,
      Accept: "application/json",
      "Content-Type": "multipart/form-data; boundary=x",
      ...(origin ? { Origin: origin } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": size }),
    },
  });
  const answer = new Promise((resolve, reject) => {
    req.on("response", (res) => {
      answered = true;
      const at = sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("close", () => {
        req.destroy();
        resolve({ status: res.statusCode, headers: res.headers, body, sent: at });
      });
    });
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
  });
  const piece = Buffer.alloc(64 * 1024, 0x61);
  const more = () => {
    while (sent < size && !answered && !req.destroyed) {
      if (held && sent >= holdAt) return;
      const part = piece.subarray(0, Math.min(piece.length, size - sent));
      sent += part.length;
      if (!req.write(part)) return void req.once("drain", more);
    }
    if (sent >= size && !req.destroyed) req.end();
  };
  more();
  return {
    id,
    answer,
    finish() {
      held = false;
      more();
    },
  };
}

/** Until the server has closed the request's connection (a refusal's: after UNREAD_LINGER_MS). */
const closed = (id) =>
  vi.waitFor(() => expect(readOff.has(id)).toBe(true), { timeout: UNREAD_LINGER_MS + 3000 });

const json = (answer) => ({ status: answer.status, body: JSON.parse(answer.body) });

describe("a large upload without a session", () => {
  test("a 150 MB film is answered 401 at once, the connection closed, its body not read", async () => {
    const before = lookups;
    const film = upload({ size: 150 * MB });
    const answer = await film.answer;
    expect(json(answer)).toEqual({
      status: 401,
      body: { ok: false, field: "file", message: refusalText(401).message },
    });
    expect(answer.headers.connection).toBe("close");
    expect(answer.sent).toBeLessThan(64 * MB);
    await closed(film.id);
    expect(readOff.get(film.id)).toBeLessThan(UNREAD_MOST);
    expect(passed).not.toContain(film.id);
    expect(lookups).toBe(before + 1);
  });

  test("a large console form that takes no file (the content form's autosave) goes to its route at once with no body, which answers the sign-in as it would; the body is dropped, never held", async () => {
    const save = upload({ path: "/admin/content", size: 150 * MB });
    const answer = await save.answer;
    // The route's own answer (here the test app's), before the body has come: it was given none.
    expect(json(answer)).toEqual({ status: 200, body: { ok: true, bytes: 0 } });
    expect(answer.sent).toBeLessThan(64 * MB);
    expect(passed).toContain(save.id);
    // Past the path's limit (11 MB) the rest is not read: the connection is cut.
    await closed(save.id);
    expect(readOff.get(save.id)).toBeLessThan(UNREAD_MOST);
  });

  test("a chunked one (no size announced) too, and a zip import", async () => {
    const chunked = upload({ size: 150 * MB, chunked: true });
    const zip = upload({ path: "/admin/sites", size: 100 * MB });
    for (const one of [chunked, zip]) {
      expect((await one.answer).status).toBe(401);
      await closed(one.id);
      expect(readOff.get(one.id)).toBeLessThan(UNREAD_MOST);
      expect(passed).not.toContain(one.id);
    }
    const page = await zip.answer;
    expect(page.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(page.body).message).toContain("로그인이 필요합니다");
  });

  test("twenty at once, from clients still sending as fast as they can, each get the answer, never a reset first", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        upload({ size: 150 * MB }).answer.then(
          (a) => a.status,
          (e) => e.code,
        ),
      ),
    );
    expect(answers).toEqual(Array(20).fill(401));
  });

  test("a form of at most 64 KB goes on unasked, as the sign-in forms post", async () => {
    const before = lookups;
    for (const path of ["/admin/login", "/anyang/press"]) {
      const form = upload({ path, size: BODY_LIMIT, origin: undefined });
      expect(json(await form.answer)).toEqual({
        status: 200,
        body: { ok: true, bytes: BODY_LIMIT },
      });
    }
    expect(lookups).toBe(before);
  });

  test("an address that takes 64 KB from anyone is not this guard's: limitBody refuses it", async () => {
    const form = upload({ path: "/register", size: BODY_LIMIT + 1 });
    expect((await form.answer).status).toBe(413);
    expect(passed).toContain(form.id);
  });
});

test("from another origin, a large upload is refused 403 at once, whatever its session, never looked up", async () => {
  const before = lookups;
  const film = upload({ size: 150 * MB, cookie: "s=a", origin: "https://evil.example" });
  const answer = await film.answer;
  expect(answer.status).toBe(403);
  expect(answer.headers.connection).toBe("close");
  await closed(film.id);
  expect(readOff.get(film.id)).toBeLessThan(UNREAD_MOST);
  expect(lookups).toBe(before);
});

test("a 상담원's 150 MB film, zip or press post is answered at once with the 404 its route gives them, its body unread", async () => {
  const posts = ["/admin/media/video", "/admin/sites/anyang", "/anyang/press"].map((path) =>
    upload({ path, size: 150 * MB, cookie: "s=consultant" }),
  );
  const answers = await Promise.all(posts.map((p) => p.answer));
  const notFound = refusalText(404);
  expect(answers.map(json)).toEqual([
    { status: 404, body: { ok: false, field: "file", message: notFound.message } },
    ...Array(2).fill({
      status: 404,
      body: { ok: false, result: "failed", message: `${notFound.title}. ${notFound.message}` },
    }),
  ]);
  for (const [i, post] of posts.entries()) {
    expect(answers[i].headers.connection).toBe("close");
    expect(answers[i].sent).toBeLessThan(64 * MB);
    await closed(post.id);
    expect(readOff.get(post.id)).toBeLessThan(UNREAD_MOST);
    expect(passed).not.toContain(post.id);
  }
  expect(notFound.title).toBe("페이지를 찾을 수 없습니다");
  // A form of at most 64 KB is no upload: the lead desk's goes on to its route.
  const desk = upload({ path: "/admin/leads/c1", size: 2000, cookie: "s=consultant" });
  expect((await desk.answer).status).toBe(200);
});

test("signed in: two uploads per account and four in all are received at once; the next gets 503 with Retry-After, unread, until one ends", async () => {
  expect([UPLOADS_PER_ACCOUNT, UPLOADS_AT_ONCE]).toEqual([2, 4]);
  const held = (cookie) => upload({ size: 2 * MB, cookie, holdAt: MB });
  const receiving = [held("s=a"), held("s=a"), held("s=b"), held("s=c")];
  await vi.waitFor(() =>
    expect(passed).toEqual(expect.arrayContaining(receiving.map((u) => u.id))),
  );

  const third = await upload({ size: 2 * MB, cookie: "s=a" }).answer;
  expect(json(third)).toEqual({
    status: 503,
    body: { ok: false, field: "file", message: UPLOAD_MESSAGES.perAccount(2) },
  });
  expect(third.headers["retry-after"]).toBe(String(UPLOAD_RETRY_SECONDS));
  expect(third.headers.connection).toBe("close");
  const fifth = await upload({ size: 2 * MB, cookie: "s=b" }).answer;
  expect(json(fifth)).toEqual({
    status: 503,
    body: { ok: false, field: "file", message: UPLOAD_MESSAGES.atOnce() },
  });
  expect(fifth.headers["retry-after"]).toBe(String(UPLOAD_RETRY_SECONDS));
  // A small form of a signed-in account is no upload: it goes on.
  expect((await upload({ path: "/admin/login", size: 1000, cookie: "s=a" }).answer).status).toBe(
    200,
  );
  // Nor is a large console form that takes no file: a's content save (the whole draft), made
  // while a's two pictures and four uploads in all are received, is read and saved.
  const save = upload({ path: "/admin/content", size: 2 * MB, cookie: "s=a" });
  expect(json(await save.answer)).toEqual({ status: 200, body: { ok: true, bytes: 2 * MB } });
  expect(passed).toContain(save.id);
  // Every path that takes a file is counted: pictures, each kind of file, zips, press photos.
  for (const path of [
    "/admin/media",
    "/admin/media/pdf.data",
    "/admin/sites",
    "/admin/sites/anyang",
    "/admin/press/new",
    "/admin/press/42",
    "/anyang/press",
    "/anyang/press/42",
  ])
    expect((await upload({ path, size: 2 * MB, cookie: "s=a" }).answer).status).toBe(503);

  // One of a's ends (answered): a may send another.
  receiving[0].finish();
  expect(json(await receiving[0].answer)).toEqual({
    status: 200,
    body: { ok: true, bytes: 2 * MB },
  });
  const again = upload({ size: 2 * MB, cookie: "s=a" });
  expect(json(await again.answer)).toEqual({ status: 200, body: { ok: true, bytes: 2 * MB } });
  for (const u of receiving.slice(1)) u.finish();
  for (const u of receiving.slice(1)) expect((await u.answer).status).toBe(200);
});

test("signed in, a body past its path's limit is still read to its end and answered 413 (afterBody)", async () => {
  const photos = upload({ path: "/admin/photos", size: 12 * MB, cookie: "s=a" });
  const answer = await photos.answer;
  expect(answer.status).toBe(413);
  expect(answer.sent).toBe(12 * MB);
  expect(JSON.parse(answer.body).message).toContain("11MB");
  expect(UPLOAD_BODY_LIMIT).toBe(11 * MB);
});

test("a session that cannot be looked up: 500 at once, logged, the body unread", async () => {
  const logged = vi.mocked(console.error).mockImplementationOnce(() => {});
  const film = upload({ size: 150 * MB, cookie: "s=broken" });
  const answer = await film.answer;
  expect(answer.status).toBe(500);
  expect(answer.headers.connection).toBe("close");
  expect(logged).toHaveBeenCalledWith(
    expect.stringContaining("로그인 확인 실패"),
    expect.any(Error),
  );
  await closed(film.id);
  expect(readOff.get(film.id)).toBeLessThan(UNREAD_MOST);
});

describe("a large body with another method than POST", () => {
  test("an anonymous 150 MB GET to the film upload is answered 413 at once, its body unread", async () => {
    for (const chunked of [false, true]) {
      const get = upload({ method: "GET", size: 150 * MB, origin: undefined, chunked });
      const answer = await get.answer;
      expect(json(answer)).toEqual({
        status: 413,
        body: {
          ok: false,
          field: "file",
          message: refusalText(413, { limit: BODY_LIMIT }).message,
        },
      });
      expect(answer.headers.connection).toBe("close");
      expect(answer.sent).toBeLessThan(64 * MB);
      await closed(get.id);
      expect(readOff.get(get.id)).toBeLessThan(UNREAD_MOST);
    }
  });

  test("an anonymous 150 MB PUT is answered 405 at once, before its body is read", async () => {
    const put = upload({ method: "PUT", size: 150 * MB, origin: undefined });
    const answer = await put.answer;
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(ALLOWED_METHODS.join(", "));
    expect(answer.headers.connection).toBe("close");
    expect(answer.sent).toBeLessThan(64 * MB);
    await closed(put.id);
    expect(readOff.get(put.id)).toBeLessThan(UNREAD_MOST);
  });

  test("a GET with a body of at most 64 KB goes on; one byte more is refused, as anywhere", async () => {
    expect((await upload({ method: "GET", size: BODY_LIMIT }).answer).status).toBe(200);
    expect((await upload({ method: "GET", size: BODY_LIMIT + 1 }).answer).status).toBe(413);
  });
});
