import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join, resolve } from "node:path";
import sharp from "sharp";
import type { Browser, Page, Request as PageRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freshDb } from "~/db/test-support";
import { AUTH_MESSAGES } from "~/lib/auth";
import { MIN_FILL_MS, RESULT_MESSAGES } from "~/leads/lead-form";
import { PRESS_MESSAGES } from "~/press/press-form";
import {
  poll,
  ADMIN,
  ADMIN_ENV,
  adminFetch,
  jpeg,
  PERSON_UA,
  postArticle,
  signInCookie,
  signInOnPressList,
  signInVia,
} from "./support/admin";
import { freePort, startServer, type RunningServer } from "./support/server";
import { seriousA11yViolations } from "./support/a11y";
import { backTo, hydrated, launchBrowser, openPage } from "./support/browser";
import { describeOnce, pressPath, testOnce } from "./support/sites";

/*
 * The press section as its administrator and its visitors meet it: sign-in, writing, paging,
 * views, photos, scheduling, editing and deleting, and the attacks the original site was open to.
 */

let server: RunningServer;
let browser: Browser;
let cookie: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
  cookie = await signInCookie(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Where a post of the complex's own press list is. */
const postUrl = new RegExp(`${pressPath}/[a-z0-9]{12}$`);
const views = async (page: Page) => Number(await page.getByTestId("press-views").textContent());
/** Every post's title and views, drafts and scheduled ones too, as the administrator's list shows them. */
async function allPosts(srv = server, c = cookie) {
  const html = await (await adminFetch(srv, c, "/admin/press")).text();
  return [
    ...html.matchAll(new RegExp(`<a href="${pressPath}/([a-z0-9]{12})"[^>]*>([^<]*)</a>`, "g")),
  ].map((m) => ({ id: m[1]!, title: m[2]! }));
}
const viewsOf = async (id: string, srv = server, c = cookie) => {
  const html = await (await adminFetch(srv, c, "/admin/press")).text();
  const row = html.split("<tr").find((r) => r.includes(`${pressPath}/${id}"`))!;
  return Number(/data-label="조회수">([0-9,]+)/.exec(row)![1]!.replace(/,/g, ""));
};

describe("the administrator's press workflow", () => {
  test("sign in, post 11 articles, page with 더보기, a reload counts one view, edit, delete, sign out", async () => {
    // A server of its own: the list must hold exactly these 11 posts.
    const own = await startServer(ADMIN_ENV);
    const { context, page, errors } = await openPage(browser, "desktop", { userAgent: PERSON_UA });
    try {
      await signInOnPressList(page, own);
      await poll(() => page.getByRole("button", { name: "로그아웃" }).isVisible()).toBe(true);
      await hydrated(page);

      const write = page.locator("#press-write");
      for (let i = 1; i <= 11; i++) {
        await write.getByLabel("제목").fill(`보도자료 ${i}번`);
        await write.getByLabel("요약").fill(`${i}번 요약`);
        await write.getByLabel("본문").fill(`${i}번 첫 문단\n${i}번 둘째 문단`);
        await write.getByRole("button", { name: "등록" }).click();
        // The list reloads from the start with the new post on top, and the form is empty again.
        await poll(() => page.locator(".press-table tbody tr").first().textContent()).toContain(
          `보도자료 ${i}번`,
        );
        await poll(() => write.getByLabel("제목").inputValue()).toBe("");
        await poll(() => write.getByLabel("요약").inputValue()).toBe("");
      }
      const rows = page.locator(".press-table tbody tr");
      expect(await rows.count()).toBe(10);
      expect(await rows.first().locator(".col-no").textContent()).toBe("11");
      const more = page.getByRole("link", { name: "더보기" });
      expect(await more.isVisible()).toBe(true);
      await more.click();
      await poll(() => rows.count()).toBe(11);
      expect(await rows.nth(10).textContent()).toContain("보도자료 1번");
      expect(await rows.nth(10).locator(".col-no").textContent()).toBe("1");
      expect(await more.count()).toBe(0);
      // Focus moved to the row that was added.
      await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain(
        "보도자료 1번",
      );

      // Open a post: its count goes up by one with each view (a reload is a view).
      await page.getByRole("link", { name: "보도자료 5번" }).click();
      await page.waitForURL(postUrl);
      const opened = await views(page);
      expect(opened).toBe(1);
      expect(await page.locator(".press-article-body p").allTextContents()).toEqual([
        "5번 첫 문단",
        "5번 둘째 문단",
      ]);
      await page.reload();
      expect(await views(page)).toBe(opened + 1);

      // Edit it.
      await page.getByRole("link", { name: "수정" }).click();
      await page.waitForURL(/\/admin\/press\/[a-z0-9]{12}$/);
      await page.getByLabel("제목").fill("보도자료 5번 (수정)");
      await page.getByRole("button", { name: "저장" }).click();
      await poll(() => page.getByText(PRESS_MESSAGES.saved).isVisible()).toBe(true);
      await page
        .locator(".admin-form-actions")
        .getByRole("link", { name: "보도자료 보기" })
        .click();
      await poll(() => page.locator(".press-article-title").textContent()).toBe(
        "보도자료 5번 (수정)",
      );

      // Delete another, after confirming.
      await page.goto(`${own.url}${pressPath}`);
      await page.getByRole("link", { name: "보도자료 7번" }).click();
      await page.waitForURL(postUrl);
      await hydrated(page);
      await page.locator(".confirm-delete summary").click();
      await page.getByRole("button", { name: "삭제 확인" }).click();
      await page.waitForURL(`${own.url}${pressPath}`);
      await poll(() => page.locator(".press-count").textContent()).toContain("10");
      expect(await page.getByRole("link", { name: "보도자료 7번" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "보도자료 5번 (수정)" }).count()).toBe(1);

      // Sign out: the sign-in form is back.
      await page.getByRole("button", { name: "로그아웃" }).click();
      await poll(() => page.getByRole("heading", { name: "관리자 로그인" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "로그아웃" }).count()).toBe(0);
      expect(await page.locator("#press-write").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await own.stop();
    }
  });

  testOnce(
    "without JavaScript, sign-in, writing and 더보기 work as plain forms and links",
    async () => {
      const own = await startServer(ADMIN_ENV);
      const { context, page } = await openPage(browser, "phone", { javaScriptEnabled: false });
      try {
        await signInOnPressList(page, own);
        for (let i = 1; i <= 11; i++) {
          const before = page.url();
          await page.getByLabel("제목").fill(`무자바스크립트 ${i}`);
          await page.getByLabel("요약").fill("요약");
          await page.getByRole("button", { name: "등록" }).click();
          await page.waitForURL((u) => u.href !== before && u.search.startsWith("?posted="));
          expect(await page.getByLabel("제목").inputValue()).toBe("");
        }
        expect(await page.locator(".press-table tbody tr").count()).toBe(10);
        await page.getByRole("link", { name: "더보기" }).click();
        await page.waitForURL(/\?after=/);
        expect(await page.locator(".press-table tbody tr").allTextContents()).toEqual([
          expect.stringContaining("무자바스크립트 1"),
        ]);
        expect(await page.getByRole("link", { name: "더보기" }).count()).toBe(0);
      } finally {
        await context.close();
        await own.stop();
      }
    },
  );

  testOnce("a missing title or summary shows the Korean message and creates nothing", async () => {
    const before = (await allPosts()).length;
    const { context, page } = await openPage(browser, "desktop");
    try {
      await signInOnPressList(page, server);
      await hydrated(page);
      const write = page.locator("#press-write");
      await write.getByLabel("제목").fill("요약 없는 글");
      await write.getByRole("button", { name: "등록" }).click();
      await poll(() => write.getByRole("alert").first().textContent()).toBe(
        PRESS_MESSAGES.required,
      );
      expect(PRESS_MESSAGES.required).toBe("제목과 요약은 필수입니다.");
      // What was typed stays, and focus is on the empty field.
      expect(await write.getByLabel("제목").inputValue()).toBe("요약 없는 글");
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(
        "summary",
      );
    } finally {
      await context.close();
    }
    // The server refuses it too, whatever the browser does.
    const form = new FormData();
    form.set("intent", "create");
    form.set("title", "");
    form.set("summary", "요약만 있음");
    const res = await adminFetch(server, cookie, pressPath, { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(PRESS_MESSAGES.required);
    expect((await allPosts()).length).toBe(before);
  });

  testOnce("a post whose title and body hold HTML shows it as text", async () => {
    const id = await postArticle(server, cookie, {
      title: '<img src=x onerror="window.__pwned=1">제목',
      summary: "<script>window.__pwned=2</script>",
      body: "<script>window.__pwned=3</script>\n<b>굵게</b>",
    });
    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await page.goto(`${server.url}${pressPath}/${id}`);
      await hydrated(page);
      expect(await page.locator(".press-article-body p").allTextContents()).toEqual([
        "<script>window.__pwned=3</script>",
        "<b>굵게</b>",
      ]);
      expect(await page.locator(".press-article-summary").textContent()).toBe(
        "<script>window.__pwned=2</script>",
      );
      expect(await page.locator("main img[onerror], main b").count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** Every post's title on /admin/press, in alphabetical order. */
const allTitles = async () => (await allPosts()).map((p) => p.title).sort();
const path = (page: Page) => new URL(page.url()).pathname;
const createdId = (page: Page) => new URL(page.url()).searchParams.get("created");
/** The row of /admin/press that holds `title`. */
const rowOf = (page: Page, title: string) =>
  page.locator(".admin-table tbody tr").filter({ hasText: title });
/** What has keyboard focus: its text, or its name for a form field. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute("name") ?? el?.textContent?.trim() ?? "";
  });

describe("writing inside the administrator's area (/admin/press/new)", () => {
  test("새 보도자료 쓰기 opens /admin/press/new; a post with a photo returns to /admin/press with its row marked and is on the public list", async () => {
    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, "/admin/press");
      await hydrated(page);
      await page.getByRole("link", { name: "새 보도자료 쓰기" }).click();
      // Still the administrator's area: not the public press list.
      await poll(() => path(page)).toBe("/admin/press/new");
      await poll(() => page.title()).toMatch(/^새 보도자료 쓰기 · 관리자/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("새 보도자료 쓰기");
      expect(await page.getByRole("link", { name: "← 보도자료 관리" }).getAttribute("href")).toBe(
        "/admin/press",
      );
      expect(await page.getByRole("link", { name: "취소" }).getAttribute("href")).toBe(
        "/admin/press",
      );

      await page.getByLabel("제목").fill("관리 화면에서 쓴 보도자료");
      await page.getByLabel("요약").fill("관리 화면 요약");
      await page.getByLabel("본문").fill("첫 문단\n둘째 문단");
      await page
        .getByLabel("사진")
        .setInputFiles({ name: "현장.jpg", mimeType: "image/jpeg", buffer: await jpeg() });
      await page.getByRole("button", { name: "등록" }).click();

      await poll(() => path(page)).toBe("/admin/press");
      const id = createdId(page);
      expect(id).toMatch(/^[a-z0-9]{12}$/);
      const status = page.locator("main").getByRole("status");
      await poll(() => status.textContent()).toBe(PRESS_MESSAGES.created);
      // Focus is on the status line, so a screen reader says it and Tab goes on to the list.
      await poll(() => focused(page)).toBe(PRESS_MESSAGES.created);
      const row = rowOf(page, "관리 화면에서 쓴 보도자료");
      expect(await row.getByText("새 글", { exact: true }).isVisible()).toBe(true);
      expect(await page.locator(".admin-table").getByText("새 글", { exact: true }).count()).toBe(
        1,
      );
      expect(await row.getByText("게시됨").isVisible()).toBe(true);
      expect(await row.getByText("사진", { exact: true }).isVisible()).toBe(true);
      expect(
        await row.getByRole("link", { name: "관리 화면에서 쓴 보도자료" }).getAttribute("href"),
      ).toBe(`${pressPath}/${id}`);
      // The marked row and the line read as well as the rest of the page.
      expect(await seriousA11yViolations(page, "/admin/press?created", "main")).toEqual([]);

      // Visitors see it on the public list, with its photo and body.
      await page.goto(`${server.url}${pressPath}`);
      await page.getByRole("link", { name: "관리 화면에서 쓴 보도자료" }).click();
      await page.waitForURL(`${server.url}${pressPath}/${id}`);
      expect(await page.locator(".press-article-body p").allTextContents()).toEqual([
        "첫 문단",
        "둘째 문단",
      ]);
      const photo = page.locator(".press-article-photo img");
      await poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  testOnce(
    "an empty title shows the Korean message beside the field and keeps what was typed, with JavaScript and without; the photo is asked for again",
    async () => {
      const before = await allTitles();
      const withJs = await openPage(browser, "phone");
      try {
        const { page } = withJs;
        await signInVia(page, server, "/admin/press/new");
        await hydrated(page);
        await page.getByLabel("요약").fill("제목 없이 쓴 요약");
        await page.getByRole("button", { name: "등록" }).click();
        await poll(() => page.getByRole("alert").first().textContent()).toBe(
          PRESS_MESSAGES.required,
        );
        const title = page.getByLabel("제목");
        expect(await title.getAttribute("aria-invalid")).toBe("true");
        const describedBy = (await title.getAttribute("aria-describedby"))!.split(" ");
        const beside = await Promise.all(
          describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
        );
        expect(beside).toContain(PRESS_MESSAGES.required);
        expect(await page.getByLabel("요약").inputValue()).toBe("제목 없이 쓴 요약");
        await poll(() => focused(page)).toBe("title");
        expect(path(page)).toBe("/admin/press/new");
      } finally {
        await withJs.context.close();
      }

      // Without JavaScript the server decides: a title of spaces passes the browser's required check.
      const noJs = await openPage(browser, "desktop", { javaScriptEnabled: false });
      try {
        const { page } = noJs;
        await signInVia(page, server, "/admin/press/new");
        await page.getByLabel("제목").fill("   ");
        await page.getByLabel("요약").fill("서버가 돌려준 요약");
        await page.getByLabel("본문").fill("서버가 돌려준 본문");
        await page.getByLabel("사진").setInputFiles({
          name: "현장.jpg",
          mimeType: "image/jpeg",
          buffer: await jpeg(800, 450),
        });
        await page.getByRole("button", { name: "등록" }).click();
        await page.waitForLoadState();
        expect(path(page)).toBe("/admin/press/new");
        const errorsShown = page.locator(".field-error");
        await poll(() => errorsShown.allTextContents()).toEqual([
          PRESS_MESSAGES.required,
          PRESS_MESSAGES.photoAgain,
        ]);
        expect(await page.getByLabel("요약").inputValue()).toBe("서버가 돌려준 요약");
        expect(await page.getByLabel("본문").inputValue()).toBe("서버가 돌려준 본문");
        // Focus starts on the first field to put right.
        expect(await focused(page)).toBe("title");

        // Put right and saved as a draft: back on the list, marked, and shown as 임시저장.
        await page.getByLabel("제목").fill("자바스크립트 없이 쓴 임시저장 글");
        await page.getByLabel("임시저장 (방문자에게 보이지 않음)").check();
        await page.getByLabel("사진").setInputFiles({
          name: "현장.jpg",
          mimeType: "image/jpeg",
          buffer: await jpeg(800, 450),
        });
        await page.getByRole("button", { name: "등록" }).click();
        await page.waitForURL(
          (u) => u.pathname === "/admin/press" && u.searchParams.has("created"),
        );
        expect(await page.locator("main").getByRole("status").textContent()).toBe(
          "임시저장했습니다. 방문자에게는 보이지 않습니다.",
        );
        // Without JavaScript too, focus starts on the result.
        expect(await focused(page)).toBe("임시저장했습니다. 방문자에게는 보이지 않습니다.");
        const row = rowOf(page, "자바스크립트 없이 쓴 임시저장 글");
        expect(await row.getByText("새 글", { exact: true }).count()).toBe(1);
        expect(await row.getByText("임시저장", { exact: true }).count()).toBe(1);
        expect(await row.getByText("사진", { exact: true }).count()).toBe(1);
        // A draft is not on the public list.
        const list = await (await fetch(`${server.url}${pressPath}`)).text();
        expect(list).not.toContain("자바스크립트 없이 쓴 임시저장 글");
      } finally {
        await noJs.context.close();
      }
      expect(await allTitles()).toEqual([...before, "자바스크립트 없이 쓴 임시저장 글"].sort());
    },
  );

  testOnce(
    "by keyboard: Tab and Enter reach the form, 예약 게시 is chosen with an arrow key, and focus lands on the result",
    async () => {
      const { context, page } = await openPage(browser, "desktop");
      /** Presses Tab until `target` has focus (at most 60 times). */
      async function tabTo(target: string) {
        for (let i = 0; i < 60; i++) {
          if ((await focused(page)) === target) return;
          await page.keyboard.press("Tab");
        }
        throw new Error(`Tab never reached ${target}`);
      }
      try {
        await signInVia(page, server, "/admin/press");
        await hydrated(page);
        await tabTo("새 보도자료 쓰기");
        await page.keyboard.press("Enter");
        await poll(() => path(page)).toBe("/admin/press/new");
        await tabTo("title");
        await page.keyboard.type("키보드로 쓴 예약 글");
        await page.keyboard.press("Tab");
        await page.keyboard.type("키보드 요약");
        await tabTo("publish");
        // The radio group: the arrow key moves to 예약 게시 and its time field opens.
        await page.keyboard.press("ArrowDown");
        expect(await page.getByLabel("예약 게시").isChecked()).toBe(true);
        const schedule = page.getByLabel("예약 일시 (한국 시간)");
        await poll(() => schedule.isEnabled()).toBe(true);
        await page.keyboard.press("Tab");
        expect(await focused(page)).toBe("publishAt");
        // Two days from now, in Korean time (the field's segments are filled directly).
        const at = new Date(Date.now() + 2 * 24 * 3_600_000 + 9 * 3_600_000).toISOString();
        await schedule.fill(at.slice(0, 16));
        await tabTo("등록");
        await page.keyboard.press("Enter");
        await poll(() => path(page)).toBe("/admin/press");
        await poll(() => focused(page)).toMatch(/^예약했습니다\. .*에 목록에 나타납니다\.$/);
        const row = rowOf(page, "키보드로 쓴 예약 글");
        expect(await row.getByText("예약", { exact: true }).count()).toBe(1);
        expect(await row.getByText("새 글", { exact: true }).count()).toBe(1);
        // Tab goes on from the result into the list, where the scheduled post is first.
        await page.keyboard.press("Tab");
        expect(await focused(page)).toBe("키보드로 쓴 예약 글");
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "signed out, /admin/press/new sends to the sign-in page; its answers are no-store and noindex",
    async () => {
      const signedOut = await fetch(`${server.url}/admin/press/new`, { redirect: "manual" });
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toBe(
        "/admin/login?redirectTo=%2Fadmin%2Fpress%2Fnew",
      );

      const page = await adminFetch(server, cookie, "/admin/press/new");
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toMatch(/no-store/);
      expect(page.headers.get("x-robots-tag")).toMatch(/noindex/);
      expect(await page.text()).toContain('<meta name="robots" content="noindex, nofollow"');

      const before = await allTitles();
      const form = new FormData();
      form.set("intent", "create");
      form.set("title", "스크립트로 보낸 글");
      form.set("summary", "요약");
      // A request from the site's own page is saved (a cross-site one is refused: see below).
      const own = await adminFetch(server, cookie, "/admin/press/new", {
        method: "POST",
        body: form,
      });
      expect(own.status).toBe(302);
      expect(own.headers.get("location")).toMatch(/^\/admin\/press\?created=[a-z0-9]{12}$/);
      expect(await allTitles()).toEqual([...before, "스크립트로 보낸 글"].sort());
    },
  );
});

describeOnce("sign-in", () => {
  test("a wrong password shows the catalogue's failure message; the sixth failure in a row is throttled", async () => {
    const { context, page } = await openPage(browser, "phone");
    try {
      await page.goto(`${server.url}${pressPath}`);
      await hydrated(page);
      const form = page.locator("form").filter({ has: page.getByLabel("비밀번호") });
      for (let i = 0; i < 6; i++) {
        await form.getByLabel("이메일").fill("nobody-here@example.com");
        await form.getByLabel("비밀번호").fill(`wrong-password-${i}`);
        // The previous attempt's message is still shown: wait for this attempt's answer.
        const answered = page.waitForResponse(
          (r) => r.request().method() === "POST" && r.url().includes(pressPath),
        );
        await form.getByRole("button", { name: "로그인" }).click();
        await answered;
        const message = () => form.getByRole("alert").textContent();
        if (i < 5) await poll(message).toBe(AUTH_MESSAGES.wrong);
        else
          await poll(message).toMatch(
            /^로그인 실패: 시도가 너무 많습니다\. [0-9]+분 뒤에 다시 시도해 주세요\.$/,
          );
        await poll(() => page.locator(`form button[aria-disabled="true"]`).count()).toBe(0);
      }
      // The message never says whether the account exists: a real account with a wrong password reads the same.
      await form.getByLabel("이메일").fill(ADMIN.email);
      await form.getByLabel("비밀번호").fill("not-the-password");
      // Sent with the keyboard: the answer (a page load here) starts at the password, the e-mail kept.
      await form.getByRole("button", { name: "로그인" }).focus();
      await page.keyboard.press("Enter");
      await poll(() => form.getByRole("alert").textContent()).toBe(AUTH_MESSAGES.wrong);
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(
        "password",
      );
      expect(await form.getByLabel("이메일").inputValue()).toBe(ADMIN.email);
    } finally {
      await context.close();
      // The address now holds six failures, under its ten: the other tests still sign in from it
      // (a success counts toward no limit, decision 028).
      await signInCookie(server);
    }
  });

  test("sign-in sends nobody to another site, however the target is written: the form, the answer and the .data answer say /admin", async () => {
    const attacks = [
      "/admin/..//evil.example",
      "/%2e%2e//evil.example",
      "/admin/../../\\evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/admin/..%2f..%2f/evil.example",
      "/\t/evil.example",
      "https://evil.example/admin",
      "javascript:alert(1)",
    ];
    // As the link has it (not encoded), then every variant encoded.
    const queries = [
      "redirectTo=/admin/..//evil.example",
      ...attacks.map((to) => `redirectTo=${encodeURIComponent(to)}`),
    ];
    for (const query of queries) {
      // Signed out: the sign-in form carries this site's path.
      const form = await (await fetch(`${server.url}/admin/login?${query}`)).text();
      expect(/name="redirectTo" value="([^"]*)"/.exec(form)?.[1], query).toBe("/admin");
      // Signed in: sent on at once, by the page and by its data request.
      const page = await adminFetch(server, cookie, `/admin/login?${query}`);
      expect([page.status, page.headers.get("location")], query).toEqual([302, "/admin"]);
      const data = await adminFetch(server, cookie, `/admin/login.data?${query}`);
      const body = await data.text();
      expect([data.status, body.includes("evil.example")], query).toEqual([202, false]);
      expect(body, query).toContain('"/admin"');
      // Signing in with the target in the form.
      const signedIn = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url },
        body: new URLSearchParams({
          email: ADMIN.email,
          password: ADMIN.password,
          redirectTo: new URLSearchParams(query).get("redirectTo")!,
        }),
      });
      expect([signedIn.status, signedIn.headers.get("location")], query).toEqual([302, "/admin"]);
    }
    // A path of this site is where sign-in goes, as the browser will request it.
    const back = await adminFetch(server, cookie, "/admin/login?redirectTo=/admin/press/../leads");
    expect(back.headers.get("location")).toBe("/admin/leads");
  });

  test("the session cookie is HttpOnly and SameSite=Lax and sign-out ends the session on the server", async () => {
    const res = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(res.headers.get("set-cookie")).toMatch(
      /^admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/,
    );
    const own = res.headers.get("set-cookie")!.split(";")[0]!;
    expect((await adminFetch(server, own, "/admin")).status).toBe(200);
    const out = await adminFetch(server, own, "/admin/logout", {
      method: "POST",
      body: new URLSearchParams({}),
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toMatch(/^admin_session=; .*Max-Age=0/);
    // The old cookie, replayed, no longer signs anyone in.
    expect((await adminFetch(server, own, "/admin")).headers.get("location")).toMatch(
      /^\/admin\/login/,
    );
  });
});

describe("photos", () => {
  test("a post with a photo shows it in the list above 900 px, on the detail and in og:image", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      await signInOnPressList(page, server);
      await hydrated(page);
      const write = page.locator("#press-write");
      await write.getByLabel("제목").fill("사진이 있는 보도자료");
      await write.getByLabel("요약").fill("사진 요약");
      await write
        .getByLabel("사진")
        .setInputFiles({ name: "현장.jpg", mimeType: "image/jpeg", buffer: await jpeg() });
      await write.getByRole("button", { name: "등록" }).click();
      await page.waitForURL(/\?posted=/);
      const row = page.locator(".press-table tbody tr").filter({ hasText: "사진이 있는 보도자료" });
      const thumb = row.locator("img");
      await thumb.scrollIntoViewIfNeeded();
      await poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
      expect(await thumb.isVisible()).toBe(true);

      await row.getByRole("link").click();
      await page.waitForURL(postUrl);
      const photo = page.locator(".press-article-photo img");
      await poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
      // The browser picked a modern format from the <picture>.
      expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
        /\/media\/press\/[0-9a-f]{24}-(640|1200)\.(avif|webp)$/,
      );
      const og = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(og).toMatch(new RegExp(`^${server.url}/media/press/[0-9a-f]{24}-1200\\.jpg$`));
      const file = await fetch(og!);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/jpeg");
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = file.headers.get("etag")!;
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(1200);
      expect((await fetch(og!, { headers: { "If-None-Match": etag } })).status).toBe(304);
      expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe(
        "article",
      );
      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent!)));
      expect(jsonLd).toContainEqual(
        expect.objectContaining({
          "@type": "NewsArticle",
          headline: "사진이 있는 보도자료",
          image: [og],
        }),
      );
    } finally {
      await context.close();
    }
    // On a phone the list has no photo column.
    const phone = await openPage(browser, "phone");
    try {
      await phone.page.goto(`${server.url}${pressPath}`);
      const row = phone.page
        .locator(".press-table tbody tr")
        .filter({ hasText: "사진이 있는 보도자료" });
      expect(await row.locator("img").isVisible()).toBe(false);
    } finally {
      await phone.context.close();
    }
  });

  testOnce(
    "a 12 MB file and a text file named .jpg are refused with a Korean message and nothing is stored",
    async () => {
      const before = await allPosts();
      const { context, page } = await openPage(browser, "desktop");
      try {
        await signInOnPressList(page, server);
        await hydrated(page);
        const write = page.locator("#press-write");
        await write.getByLabel("제목").fill("너무 큰 사진");
        await write.getByLabel("요약").fill("요약");
        await write.getByLabel("사진").setInputFiles({
          name: "big.jpg",
          mimeType: "image/jpeg",
          buffer: Buffer.alloc(12 * 1024 * 1024, 0xff),
        });
        await write.getByRole("button", { name: "등록" }).click();
        await poll(() => write.locator(".field-error").textContent()).toBe(
          PRESS_MESSAGES.photoTooLarge,
        );

        await write.getByLabel("제목").fill("가짜 사진");
        await write.getByLabel("사진").setInputFiles({
          name: "photo.jpg",
          mimeType: "image/jpeg",
          buffer: Buffer.from("이건 사진이 아니라 글자입니다.\n"),
        });
        await write.getByRole("button", { name: "등록" }).click();
        await poll(() => write.locator(".field-error").textContent()).toBe(
          PRESS_MESSAGES.photoBroken,
        );
        // What was typed is still there.
        expect(await write.getByLabel("제목").inputValue()).toBe("가짜 사진");
        expect(await write.getByLabel("요약").inputValue()).toBe("요약");
      } finally {
        await context.close();
      }
      // The server refuses the 12 MB upload itself too (a browser without JavaScript, a script).
      const form = new FormData();
      form.set("intent", "create");
      form.set("title", "스크립트로 보낸 큰 사진");
      form.set("summary", "요약");
      form.set(
        "photo",
        new Blob([Buffer.alloc(12 * 1024 * 1024, 0xff)], { type: "image/jpeg" }),
        "big.jpg",
      );
      const res = await adminFetch(server, cookie, pressPath, { method: "POST", body: form });
      expect(res.status).toBe(413);
      expect(await res.text()).toMatch(/사진은 10MB 이하/);
      expect(await allPosts()).toEqual(before);
    },
  );
});

describeOnce("drafts and scheduled posts", () => {
  test("a scheduled post and a draft stay out of the list, the feed and the sitemap, and are marked for the administrator", async () => {
    const soon = new Date(Date.now() + 60 * 60_000 + 9 * 3_600_000).toISOString().slice(0, 16);
    const scheduled = await postArticle(server, cookie, {
      title: "한 시간 뒤 예약 글",
      summary: "요약",
      publish: "schedule",
      publishAt: soon,
    });
    const draft = await postArticle(server, cookie, {
      title: "임시저장 글",
      summary: "요약",
      publish: "draft",
    });
    const list = await (await fetch(`${server.url}${pressPath}`)).text();
    const rss = await (await fetch(`${server.url}${pressPath}/rss.xml`)).text();
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const id of [scheduled, draft]) {
      expect(list).not.toContain(id);
      expect(rss).not.toContain(id);
      expect(sitemap).not.toContain(id);
    }
    // A visitor who knows the address, or guesses one, is sent to the list.
    for (const id of [scheduled, draft, "zzzzzzzzzzzz", "not-a-post", "..%2F..%2Fadmin"]) {
      const direct = await fetch(`${server.url}${pressPath}/${id}`, { redirect: "manual" });
      expect(direct.status, id).toBe(302);
      expect(direct.headers.get("location")).toBe(pressPath);
    }
    const admin = await (await adminFetch(server, cookie, "/admin/press")).text();
    expect(admin).toMatch(/is-scheduled">예약<\/span>[\s\S]*?한 시간 뒤 예약 글/);
    expect(admin).toMatch(/is-draft">임시저장<\/span>[\s\S]*?임시저장 글/);
    const detail = await (await adminFetch(server, cookie, `${pressPath}/${scheduled}`)).text();
    expect(detail).toContain("게시 예정");
    // A published post is in all three.
    const now = await postArticle(server, cookie, { title: "바로 게시한 글", summary: "요약" });
    expect(await (await fetch(`${server.url}${pressPath}/rss.xml`)).text()).toContain(
      `${pressPath}/${now}`,
    );
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(
      `${pressPath}/${now}`,
    );
  });
});

describeOnce("view counts", () => {
  async function concurrentViews(srv: RunningServer, c: string) {
    const id = await postArticle(srv, c, { title: "동시 조회", summary: "요약" });
    const before = await viewsOf(id, srv, c);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${srv.url}${pressPath}/${id}`, { headers: { "User-Agent": PERSON_UA } }).then(
          async (r) => (await r.arrayBuffer(), r.status),
        ),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await viewsOf(id, srv, c)) - before).toBe(200);
  }

  test("200 concurrent requests for a detail page raise its count by exactly 200 (SQLite)", async () => {
    await concurrentViews(server, cookie);
  });

  test.runIf(process.env.TEST_DATABASE_URL)(
    "200 concurrent requests for a detail page raise its count by exactly 200 (PostgreSQL)",
    async () => {
      const db = await freshDb({ name: "postgres", url: process.env.TEST_DATABASE_URL! });
      const pgServer = await startServer({ ...ADMIN_ENV, ...db.env });
      try {
        await concurrentViews(pgServer, await signInCookie(pgServer));
      } finally {
        await pgServer.stop();
        await db.destroy();
      }
    },
  );

  test("each visitor's answer carries its own count and policy nonce; an edit or a deletion shows at once", async () => {
    const id = await postArticle(server, cookie, { title: "고치기 전 제목", summary: "요약" });
    const read = async (path: string) => {
      const res = await fetch(server.url + path, {
        redirect: "manual",
        headers: { "User-Agent": PERSON_UA },
      });
      const html = await res.text();
      const nonces = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
      return {
        res,
        html,
        nonces,
        csp: res.headers.get("content-security-policy") ?? "",
        views: Number(/data-testid="press-views">([0-9,]+)</.exec(html)?.[1]?.replace(/,/g, "")),
      };
    };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await read(`${pressPath}/${id}`));
    expect(answers.map((a) => a.views)).toEqual([1, 2, 3]);
    // Each answer has its own policy nonce; the page's few inline scripts (a complex's ad-source
    // number, a notice) run under it and no other, and nothing of the kept copy's placeholders shows.
    const cspNonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    for (const a of answers) {
      expect(cspNonce(a.csp)).toBeTruthy();
      expect([...a.nonces].filter((n) => n !== cspNonce(a.csp))).toEqual([]);
      expect(a.html).not.toMatch(/keptPageNoncePlaceholder|7,?391,?028,?465/);
    }
    expect(new Set(answers.map((a) => cspNonce(a.csp))).size).toBe(3);
    expect((await read(pressPath)).html).toContain("고치기 전 제목");

    const edit = await adminFetch(server, cookie, `/admin/press/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "update", title: "고친 제목", summary: "요약" }),
    });
    expect(edit.status).toBeLessThan(400);
    const edited = await read(`${pressPath}/${id}`);
    expect(edited.html).toContain("고친 제목");
    expect(edited.views).toBe(4);
    const list = await read(pressPath);
    expect(list.html).toContain("고친 제목");
    expect(list.html).not.toContain("고치기 전 제목");

    await adminFetch(server, cookie, `/admin/press/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete" }),
    });
    const gone = await read(`${pressPath}/${id}`);
    expect([301, 302, 303, 307]).toContain(gone.res.status);
    expect(gone.res.headers.get("location")).toMatch(new RegExp(`${pressPath}$`));
    expect((await read(pressPath)).html).not.toContain("고친 제목");
  });

  test("a link prefetch and a crawler's request do not count; the click that follows does", async () => {
    const id = await postArticle(server, cookie, { title: "미리 불러오는 글", summary: "요약" });
    const { context, page } = await openPage(browser, "desktop", { userAgent: PERSON_UA });
    try {
      await page.goto(`${server.url}${pressPath}`);
      await hydrated(page);
      const link = page.getByRole("link", { name: "미리 불러오는 글" });
      // A browser's link prefetch (pages are full page loads, so a prefetch is of the page itself).
      await fetch(`${server.url}${pressPath}/${id}`, {
        headers: { "User-Agent": PERSON_UA, "Sec-Purpose": "prefetch" },
      });
      expect(await viewsOf(id)).toBe(0);

      await fetch(`${server.url}${pressPath}/${id}`, {
        headers: {
          "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        },
      });
      await fetch(`${server.url}${pressPath}/${id}`, {
        headers: { "User-Agent": "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)" },
      });
      await fetch(`${server.url}${pressPath}/${id}`, {
        headers: { "User-Agent": PERSON_UA, Purpose: "prefetch" },
      });
      expect(await viewsOf(id)).toBe(0);

      await link.click();
      await page.waitForURL(`${server.url}${pressPath}/${id}`);
      expect(await views(page)).toBe(1);
      expect(await viewsOf(id)).toBe(1);
      // Back to the list and forward again is another view.
      await backTo(page, page.locator(".press-table"));
      await page.goForward();
      await page.getByTestId("press-views").waitFor();
      await poll(() => views(page)).toBe(2);
      // Registering through the popup on the article is not (the page's data is not reloaded for it).
      await hydrated(page);
      await page.locator(".header-phone").click();
      const dialog = page.getByRole("dialog", { name: "방문예약 · 관심고객 등록" });
      await poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole("textbox", { name: /^(이름|고객명)/ }).fill("기사독자");
      await dialog.getByRole("textbox", { name: /^연락처/ }).fill("010-5555-7777");
      await dialog.getByRole("checkbox", { name: "개인정보 수집·이용 동의 (필수)" }).check();
      await page.waitForTimeout(MIN_FILL_MS + 100);
      await dialog.getByRole("button", { name: "등록하기" }).click();
      await poll(() => dialog.getByRole("status").textContent()).toContain(
        RESULT_MESSAGES.popup.success,
      );
      await page.waitForLoadState("networkidle");
      expect(await viewsOf(id)).toBe(2);
      expect(await views(page)).toBe(2);
    } finally {
      await context.close();
    }
  });
});

describeOnce("what a visitor's browser downloads", () => {
  /** The stylesheets a page's visit downloads, each with its text (read again from the server). */
  async function stylesheetsOf(page: Page, path: string) {
    const urls: string[] = [];
    const listen = (request: PageRequest) => {
      if (request.resourceType() === "stylesheet") urls.push(request.url());
    };
    page.on("request", listen);
    try {
      await page.goto(server.url + path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
    } finally {
      page.off("request", listen);
    }
    return Promise.all(urls.map(async (url) => ({ url, css: await (await fetch(url)).text() })));
  }
  // Rules of the administrator's stylesheet alone: the lead desk's filters, 운영 정보's cards, the
  // write form's publishing choice.
  const ADMIN_RULES = /\.(desk-filters|op-card|publish-choice)\b/;

  test("signed out, the press list and an article do not load the administrator's stylesheet, and the sign-in card is still drawn as one; signed in, the list loads it for the write form", async () => {
    const id = await postArticle(server, cookie, { title: "스타일 확인용 글", summary: "요약" });
    const { context, page } = await openPage(browser, "desktop");
    try {
      for (const path of [pressPath, `${pressPath}/${id}`]) {
        const sheets = await stylesheetsOf(page, path);
        expect(sheets.length, path).toBeGreaterThan(0);
        expect(
          sheets.filter((s) => ADMIN_RULES.test(s.css)).map((s) => s.url),
          path,
        ).toEqual([]);
      }
      await stylesheetsOf(page, pressPath);
      const card = page.locator(".sign-in");
      expect(
        await card.evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.maxWidth, style.borderTopStyle, style.paddingTop];
        }),
      ).toEqual(["480px", "solid", "28px"]);

      await signInOnPressList(page, server);
      const sheets = await stylesheetsOf(page, pressPath);
      expect(sheets.some((s) => ADMIN_RULES.test(s.css))).toBe(true);
      expect(
        await page
          .locator("#press-write .publish-choice")
          .evaluate((el) => getComputedStyle(el).borderTopStyle),
      ).toBe("solid");
    } finally {
      await context.close();
    }
  });
});

describe("what a screen reader hears of an article", () => {
  test("an article describes itself with its title and date, not as the list, and its <article> is headed by its title", async () => {
    const id = await postArticle(server, cookie, {
      title: "스스로를 설명하는 글",
      summary: "요약",
    });
    const { context, page } = await openPage(browser, "phone");
    try {
      await page.goto(`${server.url}${pressPath}/${id}`);
      const article = page.getByRole("article", { name: "스스로를 설명하는 글" });
      await article.waitFor();
      expect(await article.getByRole("heading", { name: "스스로를 설명하는 글" }).isVisible()).toBe(
        true,
      );
      expect(await page.locator("h1").count()).toBe(1);
      const description = await article.evaluate((el) => {
        const id = el.getAttribute("aria-describedby");
        return id ? document.getElementById(id)?.textContent : null;
      });
      const shownDate = (await article.locator("time").textContent())!;
      expect(description).toContain("스스로를 설명하는 글");
      expect(description).toContain(shownDate);
      const html = await page.content();
      expect(html).not.toContain("보도자료 목록 페이지입니다");
    } finally {
      await context.close();
    }
  });
});

describeOnce("nothing reaches another site or the browser that should not", () => {
  test("a cross-site POST to each administrator action, with a valid session cookie, is refused and changes nothing", async () => {
    const id = await postArticle(server, cookie, { title: "공격 대상 글", summary: "요약" });
    const before = await allPosts();
    /** The write form's fields, as a page of another site would send them. */
    const written = (title: string) => () => {
      const f = new FormData();
      f.set("intent", "create");
      f.set("title", title);
      f.set("summary", "요약");
      return f;
    };
    const attacks: { path: string; body: () => BodyInit }[] = [
      { path: pressPath, body: written("공격자가 쓴 글") },
      {
        path: `/admin/press/${id}`,
        body: () =>
          new URLSearchParams({ intent: "update", title: "공격자가 고친 제목", summary: "요약" }),
      },
      { path: `/admin/press/${id}`, body: () => new URLSearchParams({ intent: "delete" }) },
      { path: "/admin/press/new", body: written("공격자가 관리 화면으로 쓴 글") },
      { path: "/admin/logout", body: () => new URLSearchParams({}) },
    ];
    const forged: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "http://localhost:1", "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "cross-site" },
      {},
    ];
    for (const attack of attacks) {
      for (const headers of forged) {
        const res = await fetch(server.url + attack.path, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: cookie, ...headers },
          body: attack.body(),
        });
        expect([400, 403], `${attack.path} ${JSON.stringify(headers)}`).toContain(res.status);
        expect(res.headers.get("set-cookie")).toBeNull();
      }
    }
    // Signing in from another site (login CSRF) is refused as well.
    for (const headers of forged) {
      const res = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers,
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      });
      expect([400, 403], `/admin/login ${JSON.stringify(headers)}`).toContain(res.status);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await allPosts()).toEqual(before);
    // The session is still there: the forged sign-out did nothing.
    expect((await adminFetch(server, cookie, "/admin")).status).toBe(200);
  });

  test("a page on another origin cannot make the signed-in administrator's browser post", async () => {
    const before = await allPosts();
    const port = await freePort();
    const evilHtml = `<!doctype html><form id="f" method="post" action="${server.url}${pressPath}" enctype="multipart/form-data">
      <input name="intent" value="create"><input name="title" value="다른 사이트가 올린 글"><input name="summary" value="요약"></form>
      <script>document.getElementById("f").submit()</script>`;
    const evil: Server = createServer((_, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(evilHtml);
    });
    await new Promise<void>((r) => evil.listen(port, r));
    const { context, page } = await openPage(browser, "desktop");
    try {
      await signInOnPressList(page, server);
      // localhost:<other port> is the same site (the Lax cookie is sent) but another origin.
      const answer = page.waitForResponse(
        (r) => r.url() === `${server.url}${pressPath}` && r.request().method() === "POST",
      );
      await page.goto(`http://localhost:${port}/`);
      expect([400, 403]).toContain((await answer).status());
      expect(await allPosts()).toEqual(before);
    } finally {
      await context.close();
      await new Promise((r) => evil.close(r));
    }
  });

  test("no file under build/client or build/sites holds the administrator's e-mail, password, a session id or server secrets", async () => {
    const session = cookie.split("=")[1]!;
    const build = resolve(process.env.BUILD_DIR || "build");
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
    // The built assets, and every complex's prerendered pages (server/render-site.js).
    const files = [...walk(join(build, "client")), ...walk(join(build, "sites"))];
    expect(files.length).toBeGreaterThan(50);
    // Nothing of the administrator or the press is prerendered (only their scripts are built).
    const rendered = readdirSync(join(build, "sites")).flatMap((f) =>
      Object.keys(
        (JSON.parse(readFileSync(join(build, "sites", f), "utf8")) as { pages: object }).pages,
      ),
    );
    expect(rendered.length).toBeGreaterThan(30);
    expect(rendered.filter((path) => /\/(admin|press)(\/|$)/.test(path))).toEqual([]);
    const secrets = [
      ADMIN.email,
      ADMIN.password,
      session,
      ...[process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD].filter((v): v is string => !!v),
    ];
    const serverOnly = [
      "ADMIN_PASSWORD",
      "ADMIN_EMAIL",
      "DATABASE_URL",
      "SMS_GATEWAY_KEY",
      "scrypt$",
      "password_hash",
      "admin_sessions",
    ];
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const s of secrets) if (bytes.includes(Buffer.from(s))) found.push(`${file}: ${s}`);
      if (!/\.(js|css|html|data|json|svg|txt|xml|webmanifest)$/.test(file)) continue;
      const text = bytes.toString("utf8");
      for (const s of serverOnly) if (text.includes(s)) found.push(`${file}: ${s}`);
      // No e-mail address at all: the site's content has none, so any would be a leak. (A
      // calendar file's event id, `UID:<key>-<date>@<host>`, is shaped like one.)
      for (const m of text.matchAll(
        /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g,
      ))
        if (text.slice(m.index - 4, m.index) !== "UID:") found.push(`${file}: e-mail ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
