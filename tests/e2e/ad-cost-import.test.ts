import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { wcagViolations } from "./support/a11y";
import { ADMIN_ENV, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { interceptFileChoosers, tabTo as tabToIn } from "./support/keyboard";
import { startServer, type RunningServer } from "./support/server";

/*
 * 광고비 가져오기 in a browser: from 채널 성과, a Naver 검색광고 screen report is uploaded, its
 * preview read, its refused row left out and the file saved; it is then listed. The upload,
 * mapping and preview pass axe at 390 and 1440 px, and a file goes from upload to save with the
 * keyboard alone.
 */

// Naver's screen download: a title line, thousands separators, a broken date on line 6.
const naverFile = (brand: string, general = "분양_일반") =>
  Buffer.from(
    [
      "\uFEFF캠페인 보고서(2026.01.22.~2026.01.23.)",
      '캠페인,광고그룹,일별,노출수,클릭수,"총비용(VAT포함,원)"',
      `${brand},브랜드_메인,2026.01.22.,"12,345",321,"353,100"`,
      `${brand},브랜드_메인,2026.01.23.,"10,000",300,"300,000"`,
      `${general},지역_키워드,2026.01.22.,"5,000",50,"110,000"`,
      `${general},지역_키워드,2026.01.32.,"5,000",50,"110,000"`,
    ].join("\r\n"),
  );
const TOTAL = "763,100원";

const csv = (name: string, buffer: Buffer) => ({ name, mimeType: "text/csv", buffer });

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

const fileInput = (page: Page) => page.getByLabel("보고서 파일 (CSV, TSV, XLSX)");

describe("광고비 가져오기", () => {
  test("a Naver report uploaded from 채널 성과 is previewed, saved without its refused row and listed", async () => {
    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, "/admin/channels");
      await page.getByRole("link", { name: "광고비 가져오기" }).click();
      await page.waitForURL(`${server.url}/admin/channels/costs`);
      await hydrated(page);
      await noViolations(page, "upload 1440");

      await fileInput(page).setInputFiles(csv("네이버_1월.csv", naverFile("분양_브랜드")));
      await page.getByRole("button", { name: "올리고 미리 보기" }).click();
      const preview = page.getByRole("region", { name: "미리 보기: 네이버_1월.csv" });
      await preview.waitFor();
      const facts = await preview.locator(".cost-facts > div").allInnerTexts();
      expect(facts.map((f) => f.replace(/\s*\n\s*/, ": "))).toEqual([
        "매체: 네이버 검색광고",
        "행: 3",
        "기간: 2026. 1. 22. ~ 2026. 1. 23. (2일)",
        `합계 (VAT 포함): ${TOTAL}`,
        "거부된 행: 1",
      ]);
      expect(await preview.locator(".cost-campaigns").innerText()).toBe("분양_브랜드, 분양_일반");
      expect(await preview.getByRole("listitem").allInnerTexts()).toEqual([
        "6행: 날짜 «2026.01.32.»를 읽지 못했습니다",
      ]);
      expect(await preview.getByLabel("유입 경로 (utm_source)").inputValue()).toBe("naver");
      await noViolations(page, "preview 1440");

      // Saving without leaving the refused row out saves nothing and says so at the box.
      const save = preview.getByRole("button", { name: `${TOTAL} 저장` });
      await save.click();
      const box = preview.getByLabel("거부된 1행을 빼고 저장");
      await expect.poll(() => box.getAttribute("aria-invalid")).toBe("true");
      expect(await preview.locator(".field-error").innerText()).toContain("거부된 행이 1개");
      await noViolations(page, "refused save 1440");

      await box.check();
      await save.click();
      await page.getByText(`「네이버_1월.csv」 3행, 합계 ${TOTAL}을 저장했습니다.`).waitFor();
      const row = page
        .getByRole("region", { name: "가져온 파일" })
        .getByRole("row")
        .filter({ hasText: "네이버_1월.csv" });
      expect((await row.getByRole("cell").allInnerTexts()).slice(0, 7)).toEqual([
        "네이버_1월.csv",
        "네이버 검색광고",
        "naver",
        "2026. 1. 22. ~ 2026. 1. 23.",
        "3",
        "763,100",
        ADMIN_ENV.ADMIN_EMAIL,
      ]);
      await noViolations(page, "list 1440");

      // A corrected download of 23 January overlaps what is stored: nothing is saved until asked.
      const corrected = Buffer.from(
        '캠페인,광고그룹,일별,노출수,클릭수,"총비용(VAT포함,원)"\n분양_브랜드,브랜드_메인,2026.01.23.,"9,000",250,"250,000"\n',
      );
      await fileInput(page).setInputFiles(csv("네이버_1월_수정.csv", corrected));
      await page.getByRole("button", { name: "올리고 미리 보기" }).click();
      const again = page.getByRole("region", { name: "미리 보기: 네이버_1월_수정.csv" });
      await again.waitFor();
      expect(await again.getByRole("listitem").allInnerTexts()).toEqual([
        "분양_브랜드: 2026. 1. 23.",
      ]);
      await again.getByRole("button", { name: "250,000원 저장" }).click();
      const replace = again.getByLabel("겹치는 날을 이 파일로 바꾸기");
      await expect.poll(() => replace.getAttribute("aria-invalid")).toBe("true");
      expect(await again.locator(".field-error").innerText()).toContain(
        "이미 저장된 비용과 1개 캠페인·날짜가 겹칩니다.",
      );
      await replace.check();
      await again.getByRole("button", { name: "250,000원 저장" }).click();
      await page.getByText("「네이버_1월_수정.csv」 1행, 합계 250,000원을 저장했습니다.").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("an unknown file's columns are picked once, then proposed for the next file of that header; axe at 390 and 1440 px", async () => {
    const sheet = (day: string) =>
      csv("시트.csv", Buffer.from(`일자,캠페인명,집행금액\n${day},현수막,100000\n`));
    const phone = await openPage(browser, "phone");
    try {
      const { page, errors } = phone;
      await signInVia(page, server, "/admin/channels/costs");
      await hydrated(page);
      await noViolations(page, "upload 390");
      await fileInput(page).setInputFiles(sheet("2026-02-01"));
      await page.getByRole("button", { name: "올리고 미리 보기" }).click();
      await page.getByRole("region", { name: "열 고르기: 시트.csv" }).waitFor();
      await noViolations(page, "mapping 390");
      await page.getByLabel("날짜 (필수)").selectOption("일자");
      await page.getByLabel("비용 (필수)").selectOption("집행금액");
      await page.getByLabel("캠페인 (없으면 비워 두기)").selectOption("캠페인명");
      await page.getByLabel("아니오, 10%를 더해 저장합니다").check();
      await page.getByRole("button", { name: "이 열로 미리 보기" }).click();
      const preview = page.getByRole("region", { name: "미리 보기: 시트.csv" });
      await preview.waitFor();
      expect(await preview.locator(".cost-facts").innerText()).toContain("110,000원");
      await noViolations(page, "preview 390");
      expect(errors).toEqual([]);
    } finally {
      await phone.context.close();
    }

    // The next file with that header goes straight to its preview; its columns can be picked again.
    const desktop = await openPage(browser, "desktop");
    try {
      const { page, errors } = desktop;
      await signInVia(page, server, "/admin/channels/costs");
      await hydrated(page);
      await fileInput(page).setInputFiles(sheet("2026-02-02"));
      await page.getByRole("button", { name: "올리고 미리 보기" }).click();
      const preview = page.getByRole("region", { name: "미리 보기: 시트.csv" });
      await preview.waitFor();
      expect(await preview.locator(".cost-facts").innerText()).toContain("직접 지정");
      await preview.getByRole("link", { name: "열 다시 고르기" }).click();
      await page.getByRole("region", { name: "열 고르기: 시트.csv" }).waitFor();
      expect(await page.getByLabel("비용 (필수)").inputValue()).toBe("집행금액");
      expect(await page.getByLabel("아니오, 10%를 더해 저장합니다").isChecked()).toBe(true);
      await noViolations(page, "mapping 1440");
      expect(errors).toEqual([]);
    } finally {
      await desktop.context.close();
    }
  });

  test("a report goes from upload through preview to saved with the keyboard alone", async () => {
    const { context, page, errors } = await openPage(browser, "phone");
    interceptFileChoosers(page);
    try {
      await signInVia(page, server, "/admin/channels/costs");
      await hydrated(page);
      const tabTo = (name: string) => tabToIn(page, name);
      // The file input: Space opens the chooser, which the test answers.
      await tabTo("보고서 파일");
      const chooser = page.waitForEvent("filechooser");
      await page.keyboard.press("Space");
      await (await chooser).setFiles(csv("키보드.csv", naverFile("키보드_브랜드", "키보드_일반")));
      await tabTo("올리고 미리 보기");
      await page.keyboard.press("Enter");
      const preview = page.getByRole("region", { name: "미리 보기: 키보드.csv" });
      await preview.waitFor();

      await tabTo("거부된 1행을 빼고 저장");
      await page.keyboard.press("Space");
      expect(await preview.getByLabel("거부된 1행을 빼고 저장").isChecked()).toBe(true);
      await tabTo(`${TOTAL} 저장`);
      await page.keyboard.press("Enter");
      await page.getByText(`「키보드.csv」 3행, 합계 ${TOTAL}을 저장했습니다.`).waitFor();
      await noViolations(page, "saved 390");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
