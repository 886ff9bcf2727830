import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { content } from "./sites";
import { withServerDb } from "./server-db";
import { CSV_HEADER, leadsToCsv } from "~/leads/csv.server";
import { MIN_FILL_MS } from "~/leads/lead-form";
import { listLeads } from "~/leads/leads.server";
import type { RunningServer } from "./server";

/* What lead tests share: the stored leads read back through the operator's export, and the form. */

export type StoredLead = Record<(typeof CSV_HEADER)[number], string>;

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== "," && c !== "\r" && c !== "\n")) {
      cell += c;
    } else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/**
 * Every stored lead of the complex under test (or of `siteId`), as the operator's export writes them
 * (`npm run leads -- export --site`: the same listLeads and CSV, read from the server's database in this
 * process; starting the command cost 1.5 s a call, often inside a poll). scripts/leads.test.ts runs
 * the command itself.
 */
export async function exportLeads(
  server: RunningServer,
  siteId: string = content.id,
): Promise<StoredLead[]> {
  const leads = await withServerDb(server, (db) => listLeads(siteId, {}, db));
  const [header, ...rows] = parseCsv(leadsToCsv(leads).replace(/^\uFEFF/, ""));
  expect(header).toEqual([...CSV_HEADER]);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])) as StoredLead);
}

export const storedWithPhone = async (server: RunningServer, phone: string) =>
  (await exportLeads(server)).filter((l) => l.연락처 === phone);

/** A person needs a moment to fill a form; faster is treated as a bot (and not stored). */
export const humanPause = (page: Page) => page.waitForTimeout(MIN_FILL_MS + 100);

/** The lead form's fields, found as a visitor finds them: by their labels. */
export function fields(scope: Page | Locator) {
  return {
    name: scope.getByRole("textbox", { name: /^(이름|고객명)/ }),
    phone: scope.getByRole("textbox", { name: /^연락처/ }),
    message: scope.getByRole("textbox", { name: "문의내용" }),
    consent: scope.getByRole("checkbox", { name: "개인정보 수집·이용 동의 (필수)" }),
    sms: scope.getByRole("checkbox", { name: content.privacy.smsConsentText }),
    submit: scope.getByRole("button", { name: "등록하기" }),
    status: scope.getByRole("status"),
  };
}

export const popup = (page: Page) => page.getByRole("dialog", { name: "방문예약 · 관심고객 등록" });

/**
 * Waits until the popup's history entry is gone after it was closed by a button or Escape (its
 * own Back runs after the dialog is hidden): a Back pressed before then is coalesced with it.
 */
export async function popupEntryGone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean((history.state as Record<string, unknown> | null)?.registrationPopup),
      ),
    )
    .toBe(false);
}
