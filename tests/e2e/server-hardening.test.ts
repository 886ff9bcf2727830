import { Agent } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { MESSAGES, MIN_FILL_MS, RESULT_MESSAGES } from "~/leads/lead-form";
import { seriousA11yViolations } from "./support/a11y";
import { ADMIN, ADMIN_ENV, signInCookie } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import {
  FORM_HEADERS,
  inParallel,
  leadForm,
  pieceRequest,
  rawRequest,
  readableHtml,
  storedLeads,
  uniquePhone,
  wireRequest,
  type RawResponse,
} from "./support/http";
import { startServer, type RunningServer } from "./support/server";

/*
 * The holes found when the running server was probed (issue 12, item 5): each answer as a hostile
 * or clumsy client meets it, read on the wire.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LEADS_RATE_LIMIT: "1000",
    LEADS_DUPLICATE_WINDOW_SECONDS: "0",
    ...ADMIN_ENV,
  });
});
afterAll(() => server?.stop());

/** The Korean error page: the site's language, its phone number, no English framework page. */
function expectKoreanErrorPage(res: RawResponse) {
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.body).toContain('<html lang="ko"');
  expect(res.body).toContain(content.identity.phone);
  expect(res.body).not.toMatch(/Bad Request|Internal Server Error|Method Not Allowed|Error:/);
}

describe("the trailing-slash redirect only points at a path of this site", () => {
  test.each(["//evil.example/", "/\\evil.example/", "///evil.example/", "/\\/evil.example//"])(
    "%s redirects to a path here, never to another host",
    async (path) => {
      const res = await rawRequest(server, { path });
      expect(res.status).toBe(301);
      const target = new URL(res.headers.location!, server.url);
      expect(target.origin).toBe(server.url);
      expect(target.pathname).toBe("/evil.example");
    },
  );

  test("/Brand/intro/?tab=2 still redirects to /Brand/intro?tab=2", async () => {
    const res = await rawRequest(server, { path: "/Brand/intro/?tab=2" });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/Brand/intro?tab=2");
  });
});

describe("request bodies are limited on the stream", () => {
  const TEN_MB = 10 * 1024 * 1024;
  /** A POST whose body (`prefix`, then "x" up to `size` bytes) is sent chunked: no Content-Length. */
  const postChunked = (path: string, size: number, prefix = "", cookie?: string) =>
    rawRequest(server, {
      method: "POST",
      path,
      headers: {
        ...FORM_HEADERS,
        "Transfer-Encoding": "chunked",
        // Signed in, from the site's own pages: the application reads the body (a refusal on its
        // headers, a foreign Origin, answers before any of it is read: streamed, decision 047).
        ...(cookie ? { Cookie: cookie, Origin: server.url } : {}),
      },
      chunkedBytes: { prefix, size },
    });

  test("a valid form padded to 10 MB and sent chunked is refused with 413 and the Korean page; nothing is stored", async () => {
    const phone = uniquePhone();
    const res = await postChunked("/register", TEN_MB, leadForm({ phone }) + "&padding=");
    expect(res.status).toBe(413);
    expectKoreanErrorPage(res);
    expect(res.body).toContain("보내신 내용이 너무 큽니다");
    expect(res.body).not.toContain("xxxxxxxx");
    expect(await storedLeads(server, phone)).toBe(0);
  });

  test("the same body announced with Content-Length is refused before the application reads it", async () => {
    const phone = uniquePhone();
    const body = leadForm({ phone, padding: "x".repeat(TEN_MB) });
    const res = await rawRequest(server, {
      method: "POST",
      path: "/register",
      headers: FORM_HEADERS,
      body,
    });
    expect(res.status).toBe(413);
    expectKoreanErrorPage(res);
    expect(res.body).toContain("보내신 내용이 너무 큽니다");
    expect(await storedLeads(server, phone)).toBe(0);
  });

  test("the popup's data request (.data) gets a short Korean answer, not a page", async () => {
    const phone = uniquePhone();
    const res = await postChunked("/register.data", 200 * 1024, leadForm({ phone }) + "&padding=");
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toContain("보내신 내용이 너무 큽니다");
    expect(await storedLeads(server, phone)).toBe(0);
  });

  test("a form under 64 KB is still taken", async () => {
    const phone = uniquePhone();
    const res = await rawRequest(server, {
      method: "POST",
      path: "/register",
      headers: FORM_HEADERS,
      body: leadForm({ phone, padding: "x".repeat(60 * 1024) }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain(RESULT_MESSAGES.popup.success);
    expect(await storedLeads(server, phone)).toBe(1);
  });

  test("administrator and press addresses take up to 11 MB (photo uploads) from a signed-in administrator, and no more", async () => {
    const site = content.press.defaultSite;
    const cookie = await signInCookie(server);
    // Over 11 MB: 413 where a form reads the body as it streams; an address with no form answers
    // 405 without reading it (decision 047), holding none of it either.
    for (const [path, over] of [
      [`/${site}/press`, 413],
      [`/${site}/press/new`, 405],
      [`/${site}/press.data`, 413],
      ["/admin/photos", 405],
    ] as const) {
      expect((await postChunked(path, 5 * 1024 * 1024, "", cookie)).status, path).not.toBe(413);
      expect((await postChunked(path, 12 * 1024 * 1024, "", cookie)).status, path).toBe(over);
      // Signed out, more than 64 KB to an address that takes files is refused on the headers;
      // any other address (no page here: 405) answers as it would, given no body
      // (server/upload-guard.js).
      expect((await postChunked(path, 5 * 1024 * 1024)).status, path).toBe(
        path === "/admin/photos" ? 405 : 401,
      );
    }
  });

  test("with JavaScript, an oversized registration shows the popup's failure message and keeps the input", async () => {
    const browser: Browser = await launchBrowser();
    try {
      const { context, page, errors } = await openPage(browser, "desktop");
      await page.goto(server.url + "/Brand/intro");
      await hydrated(page);
      await page.locator(".header-phone").click();
      const dialog = page.getByRole("dialog", { name: "방문예약 · 관심고객 등록" });
      await dialog.getByRole("textbox", { name: /^이름/ }).fill("큰요청");
      const phone = uniquePhone();
      await dialog.getByRole("textbox", { name: /^연락처/ }).fill(phone);
      await dialog.getByRole("checkbox", { name: "개인정보 수집·이용 동의 (필수)" }).check();
      // A field no form has: only a forged or broken page sends this much.
      await dialog.locator("form").evaluate((form) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = "padding";
        input.value = "x".repeat(200 * 1024);
        form.append(input);
      });
      await page.waitForTimeout(MIN_FILL_MS + 100);
      await dialog.getByRole("button", { name: "등록하기" }).click();
      await expect
        .poll(() => dialog.getByRole("status").textContent())
        .toContain(RESULT_MESSAGES.popup.failed);
      await dialog.getByRole("button", { name: "다시 입력하기" }).click();
      expect(await dialog.getByRole("textbox", { name: /^이름/ }).inputValue()).toBe("큰요청");
      expect(await dialog.getByRole("textbox", { name: /^연락처/ }).inputValue()).toBe(phone);
      expect(errors).toEqual([]);
      expect(await storedLeads(server, phone)).toBe(0);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

describe("the lead forms' script, which asks for JSON, gets JSON with the Korean message", () => {
  /** A registration as app/enhance/lead-form.ts sends it to the JSON action. */
  async function postJson(path: string, body: string, headers: Record<string, string> = {}) {
    const res = await fetch(server.url + path, {
      method: "POST",
      body,
      headers: {
        ...FORM_HEADERS,
        Accept: "application/json",
        Origin: `http://localhost:${server.port}`,
        ...headers,
      },
    });
    const type = res.headers.get("content-type") ?? "";
    return { status: res.status, type, json: type.includes("json") ? await res.json() : null };
  }

  test("an unknown form kind: 404 with the form's failure message", async () => {
    const res = await postJson("/api/leads?kind=admin&variant=popup", leadForm({}));
    expect(res).toMatchObject({ status: 404, type: expect.stringMatching(/^application\/json/) });
    expect(res.json).toEqual({
      ok: false,
      result: "failed",
      message: RESULT_MESSAGES.popup.failed,
    });
  });

  test("a body over 64 KB: 413 saying it was too large", async () => {
    const body = leadForm({ phone: uniquePhone(), padding: "x".repeat(70 * 1024) });
    const res = await postJson("/api/leads?kind=visit&variant=popup", body);
    expect(res).toMatchObject({ status: 413, type: expect.stringMatching(/^application\/json/) });
    expect(res.json).toMatchObject({ ok: false, result: "failed" });
    expect(res.json.message).toContain("보내신 내용이 너무 큽니다");
  });

  test("a post from another origin: 403 with the form's failure message", async () => {
    const res = await postJson("/api/leads?kind=visit&variant=popup", leadForm({}), {
      Origin: "https://evil.example",
    });
    expect(res).toMatchObject({ status: 403, type: expect.stringMatching(/^application\/json/) });
    expect(res.json).toMatchObject({ ok: false, result: "failed" });
    expect(res.json.message).toContain(RESULT_MESSAGES.popup.failed);
  });
});

describe("refused registrations are answered, never reset", () => {
  test("20 refused registrations sent in parallel over new and reused connections each get their Korean message", async () => {
    const foreign = { Origin: "https://evil.example" };
    const own = { Origin: `http://localhost:${server.port}` };
    const json = { ...own, Accept: "application/json" };
    const link = { name: "http://spam.example" };
    // What each is, where it goes, and what its answer must say.
    const refusals: {
      path: string;
      headers: Record<string, string>;
      values: Record<string, string>;
      status: number;
      says: string;
    }[] = [
      { path: "/register", headers: own, values: link, status: 400, says: MESSAGES.nameChars },
      {
        path: "/api/leads?kind=visit&variant=popup",
        headers: json,
        values: link,
        status: 400,
        says: JSON.stringify(MESSAGES.nameChars),
      },
      {
        path: "/register",
        headers: own,
        values: { padding: "x".repeat(1024 * 1024) },
        status: 413,
        says: "보내신 내용이 너무 큽니다",
      },
      {
        path: "/register",
        headers: foreign,
        values: {},
        status: 403,
        says: RESULT_MESSAGES.popup.failed,
      },
    ];
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    const send = async (i: number): Promise<string> => {
      const { path, headers, values, status, says } = refusals[i % refusals.length]!;
      const body = leadForm({ phone: uniquePhone(), ...values });
      let answer: { status: number; body: string; error?: string };
      const how = ["fetch", "keep-alive", "own connection, closed after"][i % 3]!;
      if (how === "fetch") {
        try {
          const res = await fetch(server.url + path, {
            method: "POST",
            body,
            headers: { ...FORM_HEADERS, ...headers },
          });
          answer = { status: res.status, body: await res.text() };
        } catch (e) {
          const cause = (e as { cause?: { code?: string } }).cause?.code;
          answer = { status: 0, body: "", error: `fetch failed ${cause ?? ""}` };
        }
      } else if (how === "keep-alive") {
        answer = await pieceRequest(server, { method: "POST", path, body, headers, agent });
      } else {
        // Read to the server's close: a reset after the answer counts too.
        answer = await wireRequest(server, { method: "POST", path, body, headers, piece: 16384 });
      }
      const said = readableHtml(answer.body).includes(says) ? "said" : "not said";
      const wanted = `${status} said`;
      const got = `${answer.status} ${said}${answer.error ? ` ${answer.error}` : ""}`;
      return `${path} ${status} (${how}): ${got === wanted ? "ok" : got}`;
    };
    try {
      const answers = await inParallel(
        20,
        Array.from({ length: 20 }, (_, i) => () => send(i)),
      );
      expect(answers.filter((a) => !a.endsWith(": ok"))).toEqual([]);
    } finally {
      agent.destroy();
    }
  });
});

describe("only GET, HEAD and POST reach the application", () => {
  const paths = ["/", "/Brand/intro", "/Brand/intro.data", "/register", "/register.data", "/nope"];

  test.each(["OPTIONS", "PUT", "DELETE", "PATCH", "TRACE"])(
    "%s answers 405 with Allow, in Korean, naming no route module",
    async (method) => {
      for (const path of paths) {
        const res = await rawRequest(server, { method, path });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
        expect(res.body).toContain("허용되지 않는 요청입니다");
        expect(res.body).not.toMatch(/routes\/|`action`|Error:/);
      }
    },
  );

  test("PUT, PATCH and DELETE with a 20 KB body on a page and its .data, 10 at a time over new and reused connections, always get the whole 405 with Allow, never a reset", async () => {
    const body = `a=${"x".repeat(20 * 1024)}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    // 60 of each: in turn on a connection of its own written as a scanner writes (head, then the
    // body in pieces, read until the server closes), on a reused keep-alive connection of
    // node:http (the body in pieces), and through fetch (undici's keep-alive pool).
    const send = async (method: string, path: string, i: number): Promise<string> => {
      let answer: { status: number; allow?: string; whole: boolean; error?: string };
      if (i % 3 === 0) {
        const wire = await wireRequest(server, { method, path, body, piece: [4096, 1024][i % 2] });
        answer = { ...wire, whole: wire.complete };
      } else if (i % 3 === 1) {
        const res = await pieceRequest(server, { method, path, body, agent });
        answer = { ...res, whole: res.body.includes("허용되지 않는 요청입니다") };
      } else {
        try {
          const res = await fetch(server.url + path, { method, body, headers: FORM_HEADERS });
          const text = await res.text();
          answer = {
            status: res.status,
            allow: res.headers.get("allow") ?? undefined,
            whole: text.includes("허용되지 않는 요청입니다"),
          };
        } catch (e) {
          const cause = (e as { cause?: { code?: string } }).cause?.code;
          answer = { status: 0, whole: false, error: `fetch failed ${cause ?? ""}` };
        }
      }
      const { status, allow, whole, error } = answer;
      return `${method} ${path} #${i}: ${status} ${allow ?? "-"} ${whole ? "whole" : "cut"} ${error ?? ""}`.trim();
    };
    const tasks = ["PUT", "PATCH", "DELETE"].flatMap((method) =>
      ["/FloorPlan/84A", "/FloorPlan/84A.data"].flatMap((path) =>
        Array.from({ length: 60 }, (_, i) => () => send(method, path, i)),
      ),
    );
    try {
      const answers = await inParallel(10, tasks);
      expect(answers).toHaveLength(360);
      expect(answers.filter((a) => !a.endsWith(": 405 GET, HEAD, POST whole"))).toEqual([]);
    } finally {
      agent.destroy();
    }
  });

  test("TRACE with a 20 KB body gets the whole 405 with Allow", async () => {
    const body = `a=${"x".repeat(20 * 1024)}`;
    const answer = await wireRequest(server, { method: "TRACE", path: "/", body });
    expect(answer).toMatchObject({ status: 405, allow: "GET, HEAD, POST", complete: true });
  });

  test("PUT, PATCH and DELETE with a valid form on /register store nothing", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const phone = uniquePhone();
      const res = await rawRequest(server, {
        method,
        path: "/register",
        headers: FORM_HEADERS,
        body: leadForm({ phone }),
      });
      expect(res.status).toBe(405);
      expect(await storedLeads(server, phone)).toBe(0);
    }
  });

  test("a POST to a page without a form answers 405 in Korean, naming no route module", async () => {
    for (const path of ["/Brand/intro", "/Brand/intro.data"]) {
      const res = await rawRequest(server, {
        method: "POST",
        path,
        headers: FORM_HEADERS,
        body: "a=1",
      });
      expect(res.status, path).toBe(405);
      expect(res.headers.allow, path).toBe("GET, HEAD");
      expect(res.body).toContain("허용되지 않는 요청입니다");
      expect(res.body).not.toMatch(/routes\/|`action`|Error:/);
    }
  });

  test("refused requests write at most one log line each and never a stack trace", async () => {
    const before = server.output().split("\n").length;
    const requests = ["OPTIONS", "PUT", "DELETE", "PATCH", "TRACE"].flatMap((method) =>
      paths.map((path) => ({ method, path })),
    );
    requests.push(
      { method: "POST", path: "/Brand/intro" },
      { method: "POST", path: "/Brand/intro.data" },
    );
    for (const r of requests)
      await rawRequest(server, { ...r, headers: FORM_HEADERS, body: "a=1" });
    const added = server
      .output()
      .split("\n")
      .slice(before - 1);
    expect(added.length - 1).toBeLessThanOrEqual(requests.length);
    expect(added.join("\n")).not.toMatch(/^\s+at /m);
  });
});

describe("malformed percent-encoding", () => {
  test.each(["/%", "/Brand/%E0%A4%A", "/%zz/intro", "/Brand/intro%"])(
    "%s answers 400 with the Korean error page",
    async (path) => {
      const res = await rawRequest(server, { path });
      expect(res.status).toBe(400);
      expectKoreanErrorPage(res);
      expect(res.body).toContain("잘못된 주소입니다");
    },
  );

  test("the page is readable and accessible at phone and desktop width, with the site's logo and styles", async () => {
    const browser = await launchBrowser();
    try {
      for (const viewport of ["phone", "desktop"] as const) {
        const { context, page, errors } = await openPage(browser, viewport);
        await page.goto(server.url + "/%");
        await expect
          .poll(() => page.getByRole("heading", { level: 1 }).textContent())
          .toBe("잘못된 주소입니다");
        expect(
          await page
            .getByRole("link", { name: `${content.identity.name} 홈` })
            .getAttribute("href"),
        ).toBe("/");
        // The site's stylesheet applies: the dark error panel, not an unstyled white page.
        expect(
          await page.locator(".error-page").evaluate((el) => getComputedStyle(el).backgroundImage),
        ).toContain("gradient");
        expect(await seriousA11yViolations(page, `/% ${viewport}`)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});

describe("behind a reverse proxy (TRUST_PROXY)", () => {
  /** A form post as a TLS proxy at `proxy` forwards it for a visitor at `visitor`. */
  function viaProxy(
    srv: RunningServer,
    { proxy, visitor, path = "/register" }: { proxy: string; visitor: string; path?: string },
  ) {
    const origin = `https://localhost:${srv.port}`;
    return rawRequest(srv, {
      method: "POST",
      path,
      localAddress: proxy,
      headers: {
        ...FORM_HEADERS,
        Origin: origin,
        Referer: `${origin}/register`,
        "X-Forwarded-For": visitor,
        "X-Forwarded-Proto": "https",
      },
      body: leadForm({ phone: uniquePhone() }),
    });
  }

  test.each([
    ["true", "127.0.0.3"],
    ["1", "127.0.0.3"],
    ["127.0.0.2, 10.0.0.0/8", "127.0.0.2"],
    ["10.1.0.0/16,127.0.0.0/30", "127.0.0.2"],
  ])(
    "TRUST_PROXY=%s: visitors behind the proxy at %s keep their own rate limit, and posts sent over https are taken",
    async (trust, proxy) => {
      const srv = await startServer({
        TRUST_PROXY: trust,
        LEADS_RATE_LIMIT: "1",
        LEADS_DUPLICATE_WINDOW_SECONDS: "0",
      });
      try {
        const first = await viaProxy(srv, { proxy, visitor: "203.0.113.1" });
        const second = await viaProxy(srv, { proxy, visitor: "203.0.113.2" });
        const again = await viaProxy(srv, { proxy, visitor: "203.0.113.1" });
        expect([first.status, second.status, again.status]).toEqual([200, 200, 429]);
        expect(first.body).toContain(RESULT_MESSAGES.popup.success);
        expect(again.body).toContain(RESULT_MESSAGES.rateLimited);
      } finally {
        await srv.stop();
      }
    },
  );

  test("behind the trusted proxy (TRUST_PROXY unset: this machine), an answer to https carries Strict-Transport-Security, and the session cookie is Secure", async () => {
    // SITE_URL is http here: only the proxy's X-Forwarded-Proto says the visitor used https.
    const https = { "X-Forwarded-Proto": "https" };
    for (const path of ["/Brand/intro", "/Brand/intro.data", "/nope", "/robots.txt"]) {
      const over = await rawRequest(server, { path, headers: https });
      expect(over.headers["strict-transport-security"], path).toBe("max-age=31536000");
      const plain = await rawRequest(server, { path });
      expect(plain.headers["strict-transport-security"], path).toBeUndefined();
    }
    const signIn = (headers: Record<string, string>, origin: string) =>
      rawRequest(server, {
        method: "POST",
        path: "/admin/login",
        headers: { ...FORM_HEADERS, Origin: origin, ...headers },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
      });
    const over = await signIn(https, `https://localhost:${server.port}`);
    expect(over.status).toBe(302);
    expect(over.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(String(over.headers["set-cookie"])).toMatch(/^admin_session=[^;]+;.*; Secure$/i);
    const plain = await signIn({}, `http://localhost:${server.port}`);
    expect(plain.status).toBe(302);
    expect(String(plain.headers["set-cookie"])).not.toMatch(/secure/i);
  });

  test("a proxy at an address the setting does not trust: its headers are ignored, and its https posts get the Korean failure message", async () => {
    const srv = await startServer({
      TRUST_PROXY: "127.0.0.2",
      LEADS_RATE_LIMIT: "1",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
    });
    try {
      const refused = await viaProxy(srv, { proxy: "127.0.0.3", visitor: "203.0.113.1" });
      expect(refused.status).toBe(403);
      // Its X-Forwarded-Proto is not believed: no HSTS on an answer that went over http.
      expect(refused.headers["strict-transport-security"]).toBeUndefined();
      expectKoreanErrorPage(refused);
      expect(refused.body).toContain(RESULT_MESSAGES.popup.failed);

      const data = await viaProxy(srv, {
        proxy: "127.0.0.3",
        visitor: "203.0.113.1",
        path: "/register.data",
      });
      expect(data.status).toBe(403);
      expect(data.body).toContain(RESULT_MESSAGES.popup.failed);

      // Plain http through the untrusted address: the forwarded visitor is ignored, one shared limit.
      const post = (visitor: string) =>
        rawRequest(srv, {
          method: "POST",
          path: "/register",
          localAddress: "127.0.0.3",
          headers: { ...FORM_HEADERS, "X-Forwarded-For": visitor },
          body: leadForm({ phone: uniquePhone() }),
        });
      expect((await post("203.0.113.1")).status).toBe(200);
      expect((await post("203.0.113.2")).status).toBe(429);
    } finally {
      await srv.stop();
    }
  });

  test.each(["yes", "10.0.0.0/33", "127.0.0.1,nonsense"])(
    "TRUST_PROXY=%s stops the server at start-up with a Korean message naming the variable",
    async (trust) => {
      const failure = await startServer({ TRUST_PROXY: trust }).then(
        async (srv) => {
          await srv.stop();
          return "";
        },
        (e: Error) => e.message,
      );
      expect(failure).toContain("TRUST_PROXY");
      expect(failure).toContain("올바르지 않습니다");
      expect(failure).not.toMatch(/^\s+at /m);
    },
  );
});
