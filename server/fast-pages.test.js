import { spawn } from "node:child_process";
import { createServer, request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chooseEncoding, createFastPages, matchesEtag } from "./fast-pages.js";

const html = `<!DOCTYPE html><html lang="ko"><head><title>사업개요</title></head><body>${"<p>분양 안내 페이지입니다.</p>".repeat(100)}</body></html>`;
const data = `[{"_1":2},"routes/page",{}]`;
const pages = new Map([
  [
    "/Brand/intro",
    {
      body: Buffer.from(html),
      etag: `"page-etag"`,
      csp: "script-src 'self' 'sha256-abc'",
      type: "text/html; charset=utf-8",
    },
  ],
  ["/Brand/intro.data", { body: Buffer.from(data), etag: `"data-etag"`, type: "text/x-script" }],
]);
const headers = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "script-src 'self'",
  "Cache-Control": "public, max-age=0, must-revalidate",
};

/** The fast path in front of a stand-in for Express, which answers 418 "express". */
let server;
let port;
beforeAll(async () => {
  const fastPage = createFastPages(pages, { headers });
  server = createServer((req, res) => {
    if (fastPage(req, res)) return;
    req.resume();
    req.on("end", () => res.writeHead(418).end("express"));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  port = server.address().port;
});
afterAll(() => new Promise((done) => server.close(done)));

/** Raw answer: status, headers, the bytes as sent (not decoded). */
function send(path, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("a prerendered page", () => {
  test("answers with the page's headers and its bytes as they are", async () => {
    const res = await send("/Brand/intro");
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "content-security-policy": "script-src 'self' 'sha256-abc'",
      "cache-control": "public, max-age=0, must-revalidate",
      "content-type": "text/html; charset=utf-8",
      etag: `"page-etag"`,
      vary: "Accept-Encoding",
      "content-length": String(Buffer.byteLength(html)),
    });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString("utf8")).toBe(html);
  });

  test("the query string is ignored", async () => {
    const res = await send("/Brand/intro?utm_source=naver");
    expect(res.status).toBe(200);
    expect(res.body.toString("utf8")).toBe(html);
  });

  test("brotli when the browser takes it, with its own ETag and length", async () => {
    const res = await send("/Brand/intro", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.etag).toBe(`"page-etag-br"`);
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(res.body.length).toBeLessThan(Buffer.byteLength(html));
    expect(brotliDecompressSync(res.body).toString("utf8")).toBe(html);
  });

  test("gzip when brotli is not taken", async () => {
    const res = await send("/Brand/intro", { headers: { "accept-encoding": "gzip, deflate" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.etag).toBe(`"page-etag-gz"`);
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(gunzipSync(res.body).toString("utf8")).toBe(html);
  });

  test("the page as it is when no coding we have is taken", async () => {
    for (const accept of ["identity", "deflate", "br;q=0, gzip;q=0"]) {
      const res = await send("/Brand/intro", { headers: { "accept-encoding": accept } });
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.etag).toBe(`"page-etag"`);
      expect(res.body.toString("utf8")).toBe(html);
    }
  });

  test("a small file is sent as it is even to a browser that takes brotli", async () => {
    const res = await send("/Brand/intro.data", { headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toBe("text/x-script; charset=utf-8");
    expect(res.headers["content-security-policy"]).toBe("script-src 'self'");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.body.toString("utf8")).toBe(data);
  });

  test("304 without a body when If-None-Match names the ETag of the chosen encoding", async () => {
    const res = await send("/Brand/intro", { headers: { "if-none-match": `"page-etag"` } });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe(`"page-etag"`);
    expect(res.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-abc'");
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.vary).toBe("Accept-Encoding");

    const br = await send("/Brand/intro", {
      headers: { "accept-encoding": "br", "if-none-match": `"other", W/"page-etag-br"` },
    });
    expect(br.status).toBe(304);
    expect(br.headers.etag).toBe(`"page-etag-br"`);
  });

  test("a copy in another encoding is sent again, not confirmed", async () => {
    const res = await send("/Brand/intro", {
      headers: { "accept-encoding": "br", "if-none-match": `"page-etag-gz"` },
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
  });

  test("HEAD gets the headers GET would get, without the body", async () => {
    const get = await send("/Brand/intro", { headers: { "accept-encoding": "br" } });
    const head = await send("/Brand/intro", {
      method: "HEAD",
      headers: { "accept-encoding": "br" },
    });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    delete get.headers.date;
    delete head.headers.date;
    expect(head.headers).toEqual(get.headers);
  });
});

describe("pages swapped in while visitors are answered (quick)", () => {
  test("decode to the page's bytes, as pages compressed at start-up do", () => {
    const answered = (quick) => {
      const fastPage = createFastPages(pages, { headers, quick });
      const chunks = [];
      const res = {
        writeHead() {
          return this;
        },
        end(body) {
          if (body) chunks.push(Buffer.from(body));
        },
      };
      const req = { method: "GET", url: "/Brand/intro", headers: { "accept-encoding": "br" } };
      expect(fastPage(req, res)).toBe(true);
      return Buffer.concat(chunks);
    };
    const best = answered(false);
    const quick = answered(true);
    expect(brotliDecompressSync(quick).toString("utf8")).toBe(html);
    expect(brotliDecompressSync(best).toString("utf8")).toBe(html);
  });
});

describe("left to Express", () => {
  test.each([
    ["a form post", "/Brand/intro", { method: "POST", body: "name=홍길동" }],
    ["a GET with a body", "/Brand/intro", { body: "x=1", headers: { "content-length": "3" } }],
    ["a chunked GET", "/Brand/intro", { body: "x=1", headers: { "transfer-encoding": "chunked" } }],
    ["a trailing slash", "/Brand/intro/", {}],
    ["an unknown path", "/Brand/nothing", {}],
    ["another spelling of the path", "/brand/intro", {}],
    ["a method other than GET and HEAD", "/Brand/intro", { method: "DELETE" }],
  ])("%s", async (_, path, options) => {
    const res = await send(path, options);
    expect(res.status).toBe(418);
    expect(res.body.toString()).toBe("express");
  });

  test("a GET with Content-Length: 0 is still a page", async () => {
    const res = await send("/Brand/intro", { headers: { "content-length": "0" } });
    expect(res.status).toBe(200);
  });
});

describe("negotiation", () => {
  test("br before gzip, q-values decide, q=0 refuses, * stands for the rest", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip;q=1.0, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("BR;q=0")).toBe("identity");
    expect(chooseEncoding("br;q=0, *")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
  });

  test("If-None-Match compares weakly and lists", () => {
    expect(matchesEtag(`"a"`, `"a"`)).toBe(true);
    expect(matchesEtag(`W/"a"`, `"a"`)).toBe(true);
    expect(matchesEtag(`"b", "a"`, `"a"`)).toBe(true);
    expect(matchesEtag("*", `"a"`)).toBe(true);
    expect(matchesEtag(`"a-br"`, `"a"`)).toBe(false);
    expect(matchesEtag(undefined, `"a"`)).toBe(false);
  });
});

/**
 * What a process of its own prints as its background compression drains: `more` runs after a
 * complex of forty pages, `pages`, is made; the test runner's event loop is never idle.
 */
async function drainLine(more = "") {
  const script = `
      import { createServer } from "node:http";
      import { createFastPages } from ${JSON.stringify(new URL("./fast-pages.js", import.meta.url).href)};
      const pagesOf = (name) => new Map(Array.from({ length: 40 }, (_, i) => [
        "/page-" + i,
        { body: Buffer.from(${JSON.stringify(html)} + name), etag: '"e' + i + '"', type: "text/html; charset=utf-8" },
      ]));
      const pages = createFastPages(pagesOf("a"), { headers: {} });
      ${more}
      createServer(pages).listen(0);
    `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    return await new Promise((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`not compressed in 10 s: ${out}`)), 10_000);
      child.stdout.on("data", (d) => {
        out += d;
        const m = /pages compressed: \d+/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      });
    });
  } finally {
    child.kill();
  }
}

describe("the background compression", () => {
  test("finishes in a server no request wakes", async () => {
    // Forty pages, one listening server, nothing else: the queue must drain without any request.
    expect(await drainLine()).toBe("pages compressed: 40");
  });

  test("leaves out a complex let go from memory before its turn", async () => {
    // A second complex queued behind the first, then let go (server/page-cache.js letGo): only the
    // first's forty pages are compressed, and the second's pages are not kept for the queue.
    const second = `createFastPages(pagesOf("b"), { headers: {} }).release();`;
    expect(await drainLine(second)).toBe("pages compressed: 40");
    expect(await drainLine(`createFastPages(pagesOf("b"), { headers: {} });`)).toBe(
      "pages compressed: 80",
    );
  });
});
