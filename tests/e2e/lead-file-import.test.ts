import iconv from "iconv-lite";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { wcagViolations } from "./support/a11y";
import { ADMIN_ENV, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { interceptFileChoosers, tabTo as tabToIn } from "./support/keyboard";
import { startServer, type RunningServer } from "./support/server";

/*
 * 리드 파일 가져오기 in a browser: a Kakao 비즈니스폼 file saved by Korean Excel (CP949) goes from
 * upload through its columns and preview to saved with the keyboard alone at 390 px; at 1440 px the
 * same file, reached from 상담 접수 관리, goes straight to its preview (its columns remembered) and
 * says it was imported already; then it is taken back with the keyboard alone (its people leave the
 * desk, the list says who took it back) and can be imported again. Every step passes axe.
 */

const KAKAO_CSV = iconv.encode(
  [
    "이름,연락처,관심 평형,접수일시,개인정보 동의,동의 일시,동의 경로",
    "김하나,010-1111-0001,84A,2026-03-01 10:00,Y,2026-03-01 10:00,카카오 비즈니스폼",
    "이두리,01011110002,59B,2026-03-01 11:00,Y,2026-03-01 11:00,카카오 비즈니스폼",
    "김하나,010-1111-0001,84A,2026-03-01 12:00,Y,2026-03-01 12:00,카카오 비즈니스폼",
    "최미동,010-1111-0003,59A,2026-03-01 14:00,N,,",
    "잘못,12345,,2026-03-01 15:00,Y,2026-03-01 15:00,카카오 비즈니스폼",
  ].join("\r\n"),
  "cp949",
);
const file = { name: "카카오폼_3월.csv", mimeType: "text/csv", buffer: KAKAO_CSV };

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function noViolations(page: Page, label: string) {
  expect(await wcagViolations(page, label)).toEqual([]);
}

const facts = async (page: Page) =>
  (await page.locator(".cost-facts > div").allInnerTexts()).map((f) => f.replace(/\s*\n\s*/, ": "));

describe("리드 파일 가져오기", () => {
  test("a CP949 file goes from upload through columns and preview to saved with the keyboard alone at 390 px", async () => {
    const { context, page, errors } = await openPage(browser, "phone");
    interceptFileChoosers(page);
    try {
      await signInVia(page, server, "/admin/leads/import");
      await hydrated(page);
      await noViolations(page, "upload 390");
      const tabTo = (name: string) => tabToIn(page, name);

      await tabTo("리드 파일 (CSV, XLSX)");
      const chooser = page.waitForEvent("filechooser");
      await page.keyboard.press("Space");
      await (await chooser).setFiles(file);
      await tabTo("올리고 열 확인");
      await page.keyboard.press("Enter");
      await page.getByRole("region", { name: `열 고르기: ${file.name}` }).waitFor();
      // The columns the header names are proposed, Korean read from CP949.
      const picked = (label: string) =>
        page.getByLabel(label).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.text);
      expect(await picked("이름 (필수)")).toBe("이름");
      expect(await picked("연락처 (필수)")).toBe("연락처");
      expect(await picked("동의 경로 (없으면 비워 두기)")).toBe("동의 경로");
      expect(await picked("메모 (없으면 비워 두기)")).toBe("없음");
      await noViolations(page, "mapping 390");
      await tabTo("이 열로 미리 보기");
      await page.keyboard.press("Enter");

      const preview = page.getByRole("region", { name: `미리 보기: ${file.name}` });
      await preview.waitFor();
      expect(await facts(page)).toEqual([
        "행: 5",
        "새 고객: 3명",
        "기존 고객에 추가: 0명",
        "파일 안 중복: 1행",
        "거부된 행: 1행",
        "동의 미확인: 1명",
      ]);
      expect(await preview.locator(".cost-refused li").allInnerTexts()).toEqual([
        "6행: 연락처 「12345」을(를) 읽지 못했습니다.",
      ]);
      expect(await preview.locator(".field-error").innerText()).toBe(
        "이 파일의 유입 경로(utm_source)를 적어 주세요.",
      );
      await noViolations(page, "preview 390");

      await tabTo("유입 경로 (utm_source)");
      await page.keyboard.type("kakao");
      await tabTo("이 내용으로 미리 보기");
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.searchParams.get("source") === "kakao");
      await expect.poll(() => preview.locator(".field-error").count()).toBe(0);
      await tabTo("3명 저장");
      await page.keyboard.press("Enter");
      await page
        .getByText(
          `「${file.name}」을(를) 저장했습니다: 새 고객 3명, 기존 고객에 추가 0명, 동의 미확인 1명.`,
        )
        .waitFor();
      await noViolations(page, "saved 390");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("from 상담 접수 관리 at 1440 px, the same file goes straight to its preview and adds nothing", async () => {
    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, "/admin/leads");
      await page.getByRole("link", { name: "리드 파일 가져오기" }).click();
      await page.waitForURL(`${server.url}/admin/leads/import`);
      await hydrated(page);
      const row = page
        .getByRole("region", { name: "가져온 리드 파일" })
        .getByRole("row")
        .filter({ hasText: file.name });
      expect((await row.getByRole("cell").allInnerTexts()).slice(0, 7)).toEqual([
        file.name,
        "kakao",
        "—",
        "3",
        "0",
        "1",
        ADMIN_ENV.ADMIN_EMAIL,
      ]);
      await noViolations(page, "upload 1440");

      await page.getByLabel("리드 파일 (CSV, XLSX)").setInputFiles(file);
      await page.getByRole("button", { name: "올리고 열 확인" }).click();
      const preview = page.getByRole("region", { name: `미리 보기: ${file.name}` });
      await preview.waitFor();
      expect(await preview.getByRole("alert").innerText()).toContain("이미 가져왔습니다");
      await noViolations(page, "preview 1440");
      await preview.getByLabel("유입 경로 (utm_source)").fill("kakao");
      await preview.getByRole("button", { name: "이 내용으로 미리 보기" }).click();
      await page.waitForURL((u) => u.searchParams.get("source") === "kakao");
      await preview.getByRole("button", { name: "3명 저장" }).click();
      await expect
        .poll(() => preview.locator(".form-message.is-error").first().innerText())
        .toContain("이 파일은 이미 가져왔습니다. 같은 파일은 다시 저장하지 않습니다.");
      expect(await row.count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("at 390 px the saved file is taken back with the keyboard alone: its people leave the desk, and the same file can be imported again", async () => {
    const { context, page, errors } = await openPage(browser, "phone");
    try {
      await signInVia(page, server, "/admin/leads");
      expect(await page.getByRole("main").getByText("김하나").count()).toBeGreaterThan(0);
      await page.goto(`${server.url}/admin/leads/import`);
      await hydrated(page);
      await tabToIn(page, `되돌리기 (${file.name})`);
      await page.keyboard.press("Enter");
      const question = page.getByText(`「${file.name}」 가져오기를 되돌릴까요?`);
      await question.waitFor();
      expect(await question.innerText()).toContain("새 고객 3명과 기존 고객에 더한 접수 0건");
      await noViolations(page, "undo question 390");
      await tabToIn(page, "되돌리기 확인");
      await page.keyboard.press("Enter");
      const done = page.getByRole("status").filter({ hasText: "가져오기를 되돌렸습니다" });
      await done.waitFor();
      expect(await done.innerText()).toBe(
        `「${file.name}」 가져오기를 되돌렸습니다. 같은 파일을 다시 가져올 수 있습니다.`,
      );
      const row = page
        .getByRole("region", { name: "가져온 리드 파일" })
        .getByRole("row")
        .filter({ hasText: file.name });
      expect(await row.innerText()).toContain(`되돌림 ${ADMIN_ENV.ADMIN_EMAIL} ·`);
      await noViolations(page, "undone 390");
      // Who took it back, and when, wraps within the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );

      await page.goto(`${server.url}/admin/leads`);
      expect(await page.getByRole("main").getByText("이두리").count()).toBe(0);
      expect(await page.getByRole("main").getByText("김하나").count()).toBe(0);

      await page.goto(`${server.url}/admin/leads/import`);
      await page.getByLabel("리드 파일 (CSV, XLSX)").setInputFiles(file);
      await page.getByRole("button", { name: "올리고 열 확인" }).click();
      const preview = page.getByRole("region", { name: `미리 보기: ${file.name}` });
      await preview.waitFor();
      expect(await preview.getByText("이미 가져왔습니다").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
