import { createHash } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { prerenderPagePaths } from "~/content/pages";
import AFTER_CHROME from "~/inline/after-chrome.ts?inline-script";
import FIRST_SECONDS from "~/inline/first-seconds.ts?inline-script";
import STARTER from "~/inline/starter.ts?inline-script";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import { frameSources } from "~/lib/media";
import { webFontHeadScript } from "~/lib/web-font";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { FORM_HEADERS, leadForm, rawRequest, uniquePhone } from "./support/http";
import { startServer, type RunningServer } from "./support/server";

/*
 * Security headers (issue 12, item 6): a Content-Security-Policy without 'unsafe-inline' scripts on
 * every HTML answer, and every page's scripts running under it with no violation reported by
 * Chromium. Public pages run only the site's own two inline scripts (by hash when prerendered, by
 * nonce when rendered per request) and their own module from /assets/ (docs/decisions/014, 025);
 * the administrator's pages, hydrated by React Router, carry a fresh nonce on each of its inline
 * scripts.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ SITE_URL: "https://www.example-bunyang.kr" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const site = content.press.defaultSite;
/** Public pages React Router renders per request (the others are prerendered). */
const renderedPublic = ["/nope", `/${site}/press`, "/Brand/nothing"];
/** Pages React Router renders per request and hydrates. */
const renderedHydrated = ["/admin/login"];
const rendered = [...renderedPublic, ...renderedHydrated];

function policy(header: string | string[] | undefined): Record<string, string[]> {
  expect(typeof header, "Content-Security-Policy header").toBe("string");
  return Object.fromEntries(
    (header as string).split(/;\s*/).map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** Scripts a browser would run from a file: their src. */
function scriptSources(html: string) {
  return [...html.matchAll(/<script\b([^>]*)\ssrc="([^"]*)"/gi)].map(([, , src]) => src!);
}

/**
 * A public page runs its own code only: its inline scripts are exactly the site's (the web font's
 * head script, the code that must not wait for the page's script (app/inline: in the head, after
 * the chrome) and the starter that adds the page's module from /assets/ after its largest picture,
 * docs/decisions/025), and any file it names is one of /assets/.
 */
function expectOwnScriptsOnly(html: string) {
  const scripts = inlineScripts(html);
  const inline = scripts.map((s) => s.body);
  const module = /\sdata-src="(\/assets\/[\w.-]+\.js)"/.exec(scripts.at(-1)?.attrs ?? "")?.[1];
  expect(module).toBeDefined();
  const font = /"(\/assets\/pretendard-subset-[\w-]+\.woff2)"/.exec(inline[0] ?? "")?.[1];
  expect(font).toBeDefined();
  expect(inline).toEqual([webFontHeadScript(font!), FIRST_SECONDS, AFTER_CHROME, STARTER]);
  for (const src of scriptSources(html)) expect(src).toMatch(/^\/assets\/[\w.-]+\.js$/);
}

/** Inline scripts a browser would run: no src, and not a data block such as JSON-LD. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(
      ([, attrs]) => !/\ssrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!),
    )
    .map(([, attrs, body]) => ({ attrs: attrs!, body: body! }));
}

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** What a public page of the sample may frame: its films' and tours' players (youtube-nocookie). */
const SAMPLE_FRAMES = frameSources(content).length ? frameSources(content) : ["'none'"];

function expectStrictBase(p: Record<string, string[]>, frames = SAMPLE_FRAMES) {
  expect(p["script-src"]).not.toContain("'unsafe-inline'");
  expect(p["script-src"]).not.toContain("'unsafe-eval'");
  // The sample's films play from youtube-nocookie (its tours and notice are kept here); the
  // console frames 미리보기 (this site only).
  expect(p["frame-src"]).toEqual(frames);
  expect(p["frame-ancestors"]).toEqual(["'self'"]);
  expect(p["object-src"]).toEqual(["'none'"]);
  expect(p["base-uri"]).toEqual(["'self'"]);
  expect(p["form-action"]).toEqual(["'self'"]);
}

describe("the policy on the wire", () => {
  test.each(prerenderPagePaths(content))(
    "%s (prerendered) runs only its own script file",
    async (path) => {
      const res = await rawRequest(server, { path });
      expect(res.status).toBe(200);
      const p = policy(res.headers["content-security-policy"]);
      expectStrictBase(p);
      expectOwnScriptsOnly(res.body);
      // Any hash the policy still names is one of the page's own scripts.
      const hashes = p["script-src"]!.filter((s) => s.startsWith("'sha256-"));
      const own = inlineScripts(res.body).map((s) => sha256(s.body));
      for (const h of hashes) expect(own).toContain(h);
    },
  );

  test.each(renderedPublic)(
    "%s (rendered per request) runs only its own script file",
    async (path) => {
      const res = await rawRequest(server, { path });
      const p = policy(res.headers["content-security-policy"]);
      expectStrictBase(p);
      expectOwnScriptsOnly(res.body);
    },
  );

  test.each(renderedHydrated)(
    "%s (rendered per request) carries a fresh nonce on every inline script",
    async (path) => {
      const [a, b] = [await rawRequest(server, { path }), await rawRequest(server, { path })];
      const nonces = [a, b].map((res) => {
        const p = policy(res.headers["content-security-policy"]);
        expectStrictBase(
          p,
          path.startsWith("/admin") ? [...frameSources(content), "'self'"] : SAMPLE_FRAMES,
        );
        const nonce = p["script-src"]!.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
        expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
        const scripts = inlineScripts(res.body);
        expect(scripts.length).toBeGreaterThan(0);
        for (const s of scripts) expect(s.attrs).toContain(`nonce="${nonce}"`);
        return nonce;
      });
      expect(nonces[0]).not.toBe(nonces[1]);
    },
  );

  test("the page answered to a form post runs only its own script file", async () => {
    const res = await rawRequest(server, {
      method: "POST",
      path: "/register",
      headers: { ...FORM_HEADERS, Origin: `http://localhost:${server.port}` },
      body: leadForm({ phone: uniquePhone() }),
    });
    expect(res.body).toContain(RESULT_MESSAGES.popup.success);
    expectStrictBase(policy(res.headers["content-security-policy"]));
    expectOwnScriptsOnly(res.body);
  });

  test("the server's own error pages run no script at all", async () => {
    for (const { method, path } of [
      { method: "GET", path: "/%" },
      { method: "PUT", path: "/" },
    ]) {
      const res = await rawRequest(server, { method, path });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const p = policy(res.headers["content-security-policy"]);
      expectStrictBase(p);
      expect(p["script-src"]).toEqual(["'self'"]);
      expect(inlineScripts(res.body)).toEqual([]);
    }
  });

  test("HSTS is sent when SITE_URL is https, and not when it is http", async () => {
    for (const path of ["/", "/nope", "/assets/none.js"]) {
      const res = await rawRequest(server, { path });
      expect(res.headers["strict-transport-security"], path).toBe("max-age=31536000");
    }
    const plain = await startServer();
    try {
      const res = await rawRequest(plain, { path: "/" });
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(res.headers["content-security-policy"]).toBeDefined();
    } finally {
      await plain.stop();
    }
  });
});

describe("every page's scripts run under the policy", () => {
  /** A page that records console errors and CSP violations from its first script on. */
  async function watched(viewport: "phone" | "desktop") {
    const opened = await openPage(browser, viewport);
    const problems: string[] = [];
    opened.page.on("console", (m) => {
      // Chromium reports a 404 page's own status as a console error: that is the page, not a problem.
      const documentStatus =
        m.text().startsWith("Failed to load resource: the server responded with a status of 404") &&
        m.location().url === opened.page.url();
      if (m.type() === "error" && !documentStatus) problems.push(`console: ${m.text()}`);
    });
    await opened.context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        console.error(
          `CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
        );
      });
    });
    return { ...opened, problems };
  }

  async function expectHydratedCleanly(page: Page, problems: string[], errors: string[]) {
    await hydrated(page);
    // Lazy chunks and effects that start after hydration get their moment too.
    await page.waitForLoadState("networkidle");
    expect([...problems, ...errors]).toEqual([]);
  }

  describe("at desktop size, one page after another", () => {
    let w: Awaited<ReturnType<typeof watched>>;
    beforeAll(async () => {
      w = await watched("desktop");
    });
    afterAll(() => w?.context.close());

    test.each([...prerenderPagePaths(content), ...rendered])("%s", async (path) => {
      // Leaving the previous page aborts its late route-discovery fetch ("Failed to fetch manifest
      // patches"): let that happen on the way out, before this page's messages are collected.
      await w.page.goto("about:blank");
      w.problems.length = 0;
      w.errors.length = 0;
      await w.page.goto(server.url + path);
      await expectHydratedCleanly(w.page, w.problems, w.errors);
      expect(await w.page.evaluate(() => location.pathname)).toBe(path);
    });
  });

  test("on a phone: the home page, its menu, a client-side navigation and the registration popup", async () => {
    const { context, page, errors, problems } = await watched("phone");
    try {
      await page.goto(server.url + "/");
      await expectHydratedCleanly(page, problems, errors);
      await page.locator(".bottom-bar-reserve").click();
      await expect
        .poll(() => page.getByRole("dialog", { name: "방문예약 · 관심고객 등록" }).isVisible())
        .toBe(true);
      await page.keyboard.press("Escape");
      // Closing takes the popup's history entry away (history.back()): a person's next tap comes
      // after that; a click in the same instant would be overtaken by it.
      await expect
        .poll(() => page.evaluate(() => Boolean(history.state?.registrationPopup)))
        .toBe(false);
      await page.evaluate(() =>
        document.querySelector<HTMLAnchorElement>('a[href="/Brand/intro"]')!.click(),
      );
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe("/Brand/intro");
      await page.waitForLoadState("networkidle");
      expect([...problems, ...errors]).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the page answered to a form post without the popup's script hydrates and shows the result", async () => {
    const { context, page, errors, problems } = await watched("desktop");
    try {
      await page.goto(server.url + "/privacy");
      await expectHydratedCleanly(page, problems, errors);
      const phone = uniquePhone();
      // A native submit, as before hydration or with scripts failing: the server renders the answer.
      await Promise.all([
        page.waitForURL(server.url + "/register"),
        page.evaluate(
          ({ body }) => {
            const form = document.createElement("form");
            form.method = "post";
            form.action = "/register";
            for (const [name, value] of new URLSearchParams(body)) {
              const input = document.createElement("input");
              input.type = "hidden";
              input.name = name;
              input.value = value;
              form.append(input);
            }
            document.body.append(form);
            HTMLFormElement.prototype.submit.call(form);
          },
          { body: leadForm({ phone }) },
        ),
      ]);
      await expectHydratedCleanly(page, problems, errors);
      await expect
        .poll(() => page.locator("main").textContent())
        .toContain(RESULT_MESSAGES.popup.success);
    } finally {
      await context.close();
    }
  });
});
