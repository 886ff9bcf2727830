import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import type { CostRow } from "./ad-cost/cost-rows";
import { costsByDay, deleteImport, importCosts, previewImport } from "./ad-costs.server";

const sha = (content: string) => createHash("sha256").update(content).digest("hex");

/** A report line: `costWon` won on `day` for `campaign`, at line `row` of its file. */
const line = (
  row: number,
  day: string,
  campaign: string,
  costWon: number,
  more: Partial<CostRow> = {},
): CostRow => ({ day, campaign, impressions: null, clicks: null, costWon, row, ...more });

// A Naver search-ad report over 1–3 March: two campaigns, the brand one in two ad groups.
const MARCH_1_3 = [
  line(2, "2026-03-01", "브랜드", 120_000, { adGroup: "단지명", impressions: 1500, clicks: 90 }),
  line(3, "2026-03-01", "브랜드", 33_333, { adGroup: "단지명+분양", impressions: 400, clicks: 20 }),
  line(4, "2026-03-01", "지역", 48_210, { impressions: 9000, clicks: 40 }),
  line(5, "2026-03-02", "브랜드", 118_500, { adGroup: "단지명", impressions: 1400, clicks: 85 }),
  line(6, "2026-03-02", "지역", 51_007, { impressions: 9100, clicks: 43 }),
  line(7, "2026-03-03", "브랜드", 99_990, { adGroup: "단지명", impressions: 1200, clicks: 70 }),
];
const MARCH_1_3_TOTAL = 120_000 + 33_333 + 48_210 + 118_500 + 51_007 + 99_990;

const naverFile = (rows: CostRow[], name: string, siteId = "anyang", source = "naver") => ({
  siteId,
  source,
  platform: "naver-search" as const,
  fileName: name,
  fileSha256: sha(`${siteId} ${source} ${name} ${JSON.stringify(rows)}`),
  rows,
  by: "agency@example.com",
});

describe.each(engines())("ad costs ($name)", (engine) => {
  const t = useTestDb(engine);

  /** Rows, and their total in won, of a complex and source. */
  async function stored(siteId = "anyang", source = "naver") {
    const r = await t.db().get<{ n: number; won: number | null }>(
      `SELECT COUNT(*) AS n, SUM(cost_won) AS won FROM ad_costs
       WHERE site_id = $1 AND source = $2`,
      [siteId, source],
    );
    return { rows: Number(r?.n), won: Number(r?.won ?? 0) };
  }

  /** The costs of a complex and source, per campaign and day, from their rows. */
  async function perCampaignDay(siteId = "anyang", source = "naver") {
    const rows = await t.db().all<{ campaign: string; day: string; won: number }>(
      `SELECT campaign, day, SUM(cost_won) AS won FROM ad_costs
       WHERE site_id = $1 AND source = $2 GROUP BY campaign, day`,
      [siteId, source],
    );
    return Object.fromEntries(rows.map((r) => [`${r.campaign} ${r.day}`, Number(r.won)]));
  }

  it("stores every row of an imported file, with its file and line, and the exact total", async () => {
    const file = naverFile(MARCH_1_3, "네이버_3월.csv");
    const result = await importCosts(file);
    expect(result).toEqual({ ok: true, importId: expect.any(String), inserted: 6, replaced: 0 });
    const importId = result.ok ? result.importId : "";

    expect(await stored()).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });
    const imported = await t.db().get(
      `SELECT site_id, source, platform, file_name, file_sha256, row_count, total_won, first_day,
           last_day, replaced_rows, imported_by FROM ad_cost_imports WHERE id = $1`,
      [importId],
    );
    expect(imported).toEqual({
      site_id: "anyang",
      source: "naver",
      platform: "naver-search",
      file_name: "네이버_3월.csv",
      file_sha256: file.fileSha256,
      row_count: 6,
      total_won: MARCH_1_3_TOTAL,
      first_day: "2026-03-01",
      last_day: "2026-03-03",
      replaced_rows: 0,
      imported_by: "agency@example.com",
    });
    const third = await t.db().get(
      `SELECT day, campaign, ad_group, impressions, clicks, cost_won, import_id FROM ad_costs
         WHERE file_row = 3`,
    );
    expect(third).toEqual({
      day: "2026-03-01",
      campaign: "브랜드",
      ad_group: "단지명+분양",
      impressions: 400,
      clicks: 20,
      cost_won: 33_333,
      import_id: importId,
    });
    const regional = await t
      .db()
      .get("SELECT ad_group FROM ad_costs WHERE file_row = 4 AND import_id = $1", [importId]);
    expect(regional).toEqual({ ad_group: "" });
  });

  it("keeps a file's total past ₩2,147,483,647 to the won (a 32-bit integer's end)", async () => {
    // Two days of a large campaign: each row fits 32 bits, their sum does not.
    const rows = [
      line(2, "2026-03-01", "브랜드", 1_500_000_000),
      line(3, "2026-03-02", "브랜드", 1_234_567_891),
    ];
    const result = await importCosts(naverFile(rows, "네이버_대형.csv"));
    expect(result.ok).toBe(true);
    const imported = await t
      .db()
      .get<{ total_won: number }>("SELECT total_won FROM ad_cost_imports");
    expect(imported?.total_won).toBe(2_734_567_891);
    expect(await stored()).toEqual({ rows: 2, won: 2_734_567_891 });
  });

  it("changes nothing when the same file is imported again, and says so in Korean", async () => {
    const file = naverFile(MARCH_1_3, "네이버_3월.csv");
    expect((await importCosts(file)).ok).toBe(true);

    expect(await importCosts({ ...file, fileName: "네이버_3월 (1).csv" })).toEqual({
      ok: false,
      reason: "same-file",
      message: "이미 가져온 파일입니다. 바뀐 것이 없습니다.",
    });
    expect(await stored()).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });
    const imports = await t.db().all("SELECT file_name FROM ad_cost_imports");
    expect(imports).toEqual([{ file_name: "네이버_3월.csv" }]);
  });

  it("replaces only the campaign-days an overlapping file covers and keeps the others", async () => {
    await importCosts(naverFile(MARCH_1_3, "1-3일.csv"));
    // 3–4 March, brand campaign only: 3 March's brand day is replaced; everything else stays.
    const later = [
      line(2, "2026-03-03", "브랜드", 100_500, { adGroup: "단지명" }),
      line(3, "2026-03-03", "브랜드", 7_000, { adGroup: "단지명+분양" }),
      line(4, "2026-03-04", "브랜드", 88_000, { adGroup: "단지명" }),
    ];
    const result = await importCosts(naverFile(later, "3-4일.csv"));
    expect(result).toEqual({ ok: true, importId: expect.any(String), inserted: 3, replaced: 1 });

    expect(await perCampaignDay()).toEqual({
      "브랜드 2026-03-01": 153_333,
      "브랜드 2026-03-02": 118_500,
      "브랜드 2026-03-03": 107_500,
      "브랜드 2026-03-04": 88_000,
      "지역 2026-03-01": 48_210,
      "지역 2026-03-02": 51_007,
    });
    expect(await stored()).toEqual({ rows: 8, won: MARCH_1_3_TOTAL - 99_990 + 195_500 });
    const recorded = await t.db().get(
      `SELECT replaced_rows FROM ad_cost_imports
       WHERE file_name = '3-4일.csv'`,
    );
    expect(recorded).toEqual({ replaced_rows: 1 });
  });

  it("leaves another source's and another complex's costs of the same campaign-days alone", async () => {
    await importCosts(naverFile(MARCH_1_3, "네이버.csv"));
    await importCosts(naverFile(MARCH_1_3, "카카오.csv", "anyang", "kakao"));
    await importCosts(naverFile(MARCH_1_3, "다른 단지.csv", "suwon", "naver"));

    await importCosts(naverFile([line(2, "2026-03-01", "브랜드", 1_000)], "정정.csv"));

    expect(await stored("anyang", "naver")).toEqual({
      rows: 5,
      won: MARCH_1_3_TOTAL - 153_333 + 1_000,
    });
    expect(await stored("anyang", "kakao")).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });
    expect(await stored("suwon", "naver")).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });
  });

  it("keys the source as the channel report does (lower-cased)", async () => {
    await importCosts(naverFile(MARCH_1_3, "대문자.csv", "anyang", "Naver"));
    expect(await stored("anyang", "naver")).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });
  });

  it("previews an import without writing: what it holds, the days it replaces, and the same file", async () => {
    const first = naverFile(MARCH_1_3, "1-3일.csv");
    const fresh = await previewImport(t.db(), first);
    expect(fresh).toEqual({
      sameFile: false,
      rows: 6,
      days: 3,
      totalWon: MARCH_1_3_TOTAL,
      campaigns: ["브랜드", "지역"],
      replacedDays: [],
    });
    expect(await stored()).toEqual({ rows: 0, won: 0 });

    await importCosts(first);
    expect((await previewImport(t.db(), first)).sameFile).toBe(true);

    const later = naverFile(
      [
        line(2, "2026-03-02", "지역", 50_000),
        line(3, "2026-03-03", "지역", 50_000),
        line(4, "2026-03-03", "브랜드", 10_000),
        line(5, "2026-03-04", "브랜드", 10_000),
      ],
      "2-4일.csv",
    );
    expect(await previewImport(t.db(), later)).toEqual({
      sameFile: false,
      rows: 4,
      days: 3,
      totalWon: 120_000,
      campaigns: ["브랜드", "지역"],
      replacedDays: [
        { campaign: "브랜드", day: "2026-03-03" },
        { campaign: "지역", day: "2026-03-02" },
      ],
    });
    expect(await stored()).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });
  });

  it("sums the costs per day, source and campaign over the asked days", async () => {
    await importCosts(naverFile(MARCH_1_3, "네이버.csv"));
    await importCosts(
      naverFile(
        [line(2, "2026-03-02", "", 20_000, { clicks: 15 })],
        "카카오.csv",
        "anyang",
        "kakao",
      ),
    );
    await importCosts(naverFile(MARCH_1_3, "다른 단지.csv", "suwon", "naver"));

    expect(await costsByDay("anyang", "2026-03-02", "2026-03-03")).toEqual([
      {
        day: "2026-03-02",
        source: "kakao",
        campaign: "",
        impressions: null,
        clicks: 15,
        costWon: 20_000,
      },
      {
        day: "2026-03-02",
        source: "naver",
        campaign: "브랜드",
        impressions: 1400,
        clicks: 85,
        costWon: 118_500,
      },
      {
        day: "2026-03-02",
        source: "naver",
        campaign: "지역",
        impressions: 9100,
        clicks: 43,
        costWon: 51_007,
      },
      {
        day: "2026-03-03",
        source: "naver",
        campaign: "브랜드",
        impressions: 1200,
        clicks: 70,
        costWon: 99_990,
      },
    ]);
    // The brand campaign's two ad groups of 1 March, as one line; on a given connection too.
    expect(await costsByDay(t.db(), "anyang", "2026-03-01", "2026-03-01")).toEqual([
      {
        day: "2026-03-01",
        source: "naver",
        campaign: "브랜드",
        impressions: 1900,
        clicks: 110,
        costWon: 153_333,
      },
      {
        day: "2026-03-01",
        source: "naver",
        campaign: "지역",
        impressions: 9000,
        clicks: 40,
        costWon: 48_210,
      },
    ]);
  });

  it("deletes an import with its rows, and only in its own complex", async () => {
    const first = await importCosts(naverFile(MARCH_1_3, "네이버.csv"));
    await importCosts(naverFile(MARCH_1_3, "카카오.csv", "anyang", "kakao"));
    const importId = first.ok ? first.importId : "";

    expect(await deleteImport("suwon", importId)).toBe(false);
    expect(await stored()).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });

    expect(await deleteImport("anyang", importId)).toBe(true);
    expect(await stored()).toEqual({ rows: 0, won: 0 });
    expect(await stored("anyang", "kakao")).toEqual({ rows: 6, won: MARCH_1_3_TOTAL });
    const imports = await t.db().all("SELECT file_name FROM ad_cost_imports");
    expect(imports).toEqual([{ file_name: "카카오.csv" }]);
    // The file can be imported again once its import is gone.
    expect((await importCosts(naverFile(MARCH_1_3, "네이버.csv"))).ok).toBe(true);
  });

  it("refuses a cost that is not whole won or is negative, and writes nothing", async () => {
    await expect(
      importCosts(naverFile([line(2, "2026-03-01", "브랜드", 1_000.5)], "소수.csv")),
    ).rejects.toThrow("2행: 비용은 0 이상의 원 단위 정수여야 합니다");
    await expect(
      importCosts(
        naverFile(
          [line(2, "2026-03-01", "브랜드", 1_000), line(3, "2026-03-01", "브랜드", -1)],
          "음수.csv",
        ),
      ),
    ).rejects.toThrow("3행: 비용은 0 이상의 원 단위 정수여야 합니다");
    expect(await stored()).toEqual({ rows: 0, won: 0 });
    expect(await t.db().all("SELECT id FROM ad_cost_imports")).toEqual([]);
  });
});
