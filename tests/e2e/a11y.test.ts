import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { content, isReferenceSite, siteId } from "./support/sites";
import { CONSOLE_GROUPS } from "~/console/content-sections";
import { prerenderPagePaths } from "~/content/pages";
import { VISIT_SLOTS_PATH, type Availability } from "~/bookings/visit-slots";
import { startReceiver } from "~/outbox/test-receiver";
import { allSites } from "~/sites/registry.server";
import { readSitePages } from "../../server/render-site.js";
import { idProblems, wcagViolations } from "./support/a11y";
import { ADMIN_ENV, adminFetch, jpeg, postArticle, signInCookie } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { uniquePhone } from "./support/http";
import { startServer, type RunningServer } from "./support/server";

/*
 * Accessibility as a test: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules, and its serious
 * and critical best practices, finds nothing on any route — every prerendered page, the forms, the
 * press list and an article with its photo, a booking page, the 404 page, and the administrator's
 * pages signed in (a customer card among them) — at phone and desktop width. The one place every
 * page is checked whole (the page and press files check states only they reach: an open drawer, a
 * popup). Each complex's own pages (its colours, pictures and texts are its data); the
 * administrator's pages once, with the reference complex (the same code for every complex). And,
 * read from the build's output, every prerendered page of every complex links its parts by ids
 * that work.
 */

let server: RunningServer;
let browser: Browser;
let gateway: Awaited<ReturnType<typeof startReceiver>>;
let cookie: string;
let articleId: string;
let bookingPath: string;
/** The booked visitor's customer card on the lead desk. */
let cardPath: string;

beforeAll(async () => {
  gateway = await startReceiver();
  [server, browser] = await Promise.all([
    startServer({ ...ADMIN_ENV, SMS_GATEWAY_URL: gateway.url("/sms"), OUTBOX_POLL_MS: "100" }),
    launchBrowser(),
  ]);
  cookie = await signInCookie(server);
  articleId = await postArticle(server, cookie, {
    title: "접근성 점검용 보도자료",
    summary: "요약",
    body: "본문 첫 문단\n\n본문 둘째 문단",
    photo: new Blob([new Uint8Array(await jpeg(800, 450))], { type: "image/jpeg" }),
  });
  // A visit booked for a slot: its confirmation SMS carries the booking page's link.
  const slots = (await (await fetch(server.url + VISIT_SLOTS_PATH)).json()) as Availability;
  const day = slots.days.find((d) => d.slots.some((s) => s.state === "open"))!;
  const phone = uniquePhone();
  const booked = await fetch(server.url + "/register", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      kind: "visit",
      source: "/register",
      name: "접근성",
      phone,
      privacyConsent: "on",
      visitDate: day.date,
      visitTime: day.slots.find((s) => s.state === "open")!.time,
    }),
  });
  expect(booked.status).toBe(200);
  const desk = await (await adminFetch(server, cookie, "/admin/leads")).text();
  cardPath = /\/admin\/leads\/[0-9a-f-]{36}/.exec(desk)![0];
  for (let i = 0; i < 150 && !gateway.requests.some((r) => r.body.includes("/b/")); i++)
    await new Promise((r) => setTimeout(r, 100));
  const sms = gateway.requests.map((r) => JSON.parse(r.body) as { to: string; text: string });
  bookingPath = new URL(
    /(http\S+\/b\/[A-Za-z0-9_-]+)/.exec(sms.find((m) => m.to === phone)!.text)![1]!,
  ).pathname;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await gateway?.close();
});

/** Finished CSS transitions (an infinite animation is not waited for). */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 500)),
    ]),
  );
}

/** The layout every page shares: header (with the menu drawer), footer, phone bottom bar. */
const LAYOUT = [".site-header", ".site-footer", ".bottom-bar"];

const site = content.press.defaultSite;
const publicRoutes = () => [
  ...new Set([
    "/",
    ...prerenderPagePaths(content),
    "/register",
    `/${site}/press`,
    `/${site}/press/${articleId}`,
    bookingPath,
    "/no-such-page",
    "/admin/login",
  ]),
];
const adminRoutes = () => (isReferenceSite ? referenceAdminRoutes() : []);
const referenceAdminRoutes = () => [
  "/admin",
  "/admin/press",
  "/admin/press/new",
  `/admin/press/${articleId}`,
  "/admin/leads",
  "/admin/leads?view=queue",
  cardPath,
  "/admin/channels",
  "/admin/operations",
  "/admin/accounts",
  "/admin/sites",
  `/admin/sites/${site}`,
  "/admin/preview",
  `/${site}/press`,
  // The content editor's sections, each a page.
  ...CONSOLE_GROUPS.map((g) => `/admin/content/${g.id}`),
];

/** axe's findings on every route at one width, in a context of its own. */
async function violationsAt(viewport: "phone" | "desktop"): Promise<string[]> {
  const { context, page } = await openPage(browser, viewport);
  // Motion off (the site honours prefers-reduced-motion): axe reads settled colours at once.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found: string[] = [];
  try {
    const check = async (path: string, label = path) => {
      const res = await page.goto(server.url + path);
      expect(res?.status(), path).toBeLessThan(path === "/no-such-page" ? 500 : 400);
      await hydrated(page);
      await settled(page);
      // The layout every page shares is checked in full on the first page, signed out and in.
      const first = label === publicRoutes()[0] || label === `signed in ${adminRoutes()[0]}`;
      found.push(...(await wcagViolations(page, `${viewport} ${label}`, first ? [] : LAYOUT)));
    };
    for (const path of publicRoutes()) await check(path);

    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    for (const path of adminRoutes()) await check(path, `signed in ${path}`);
  } finally {
    await context.close();
  }
  return found;
}

// Both widths at once, each in its own context (its own renderer, where axe's rules run): the file
// alone took 69 s against 85 s one width after the other (issue 43: CI under 25 minutes).
test(`no WCAG 2.2 A/AA violation on any route of ${siteId} at phone and desktop width${isReferenceSite ? ", administrator's pages included" : ""}`, async () => {
  const found = await Promise.all([violationsAt("phone"), violationsAt("desktop")]);
  expect(found.flat()).toEqual([]);
}, 420_000);

test.each(allSites().map((s) => [s.id, s] as const))(
  "every prerendered page of %s: each id is one token, and each aria-controls, aria-labelledby, aria-describedby, label and #link names an id of the page",
  (id, complex) => {
    const rendered = readSitePages(resolve(process.env.BUILD_DIR || "build"), id) as
      | { pages: Record<string, { html: string }> }
      | undefined;
    expect(rendered, `build/sites/${id}.json (npm run build)`).toBeDefined();
    const found = prerenderPagePaths(complex).flatMap((path) => {
      const page = rendered!.pages[path];
      if (!page) return [`${path}: not rendered`];
      return idProblems(page.html).map((line) => `${path}: ${line}`);
    });
    expect(found).toEqual([]);
  },
);
