import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { xlsxOf } from "~/tables/xlsx.test-support";
import { engines, useTestDb } from "~/db/test-support";
import { action, loader } from "./channels.costs";

/*
 * 광고비 가져오기 as the console posts it: files made here are uploaded, previewed and saved through
 * the route's action and loader, and what the page would show and the database holds are checked.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);

// Naver 검색광고's screen download: a title line, thousands separators, one broken date (line 6).
const NAVER = [
  "캠페인 보고서(2026.01.22.~2026.01.23.)",
  '캠페인,광고그룹,일별,노출수,클릭수,"총비용(VAT포함,원)"',
  '분양_브랜드,브랜드_메인,2026.01.22.,"12,345",321,"353,100"',
  '분양_브랜드,브랜드_메인,2026.01.23.,"10,000",300,"300,000"',
  '분양_일반,지역_키워드,2026.01.22.,"5,000",50,"110,000"',
  '분양_일반,지역_키워드,2026.01.32.,"5,000",50,"110,000"',
].join("\r\n");
const NAVER_TOTAL = 353_100 + 300_000 + 110_000;

// An agency's own sheet, which no platform claims: costs without VAT.
const SHEET = (rows: string[]) => utf8(["일자,캠페인명,집행금액", ...rows].join("\n"));

const HOST = "http://anyang.localhost";
const PATH = "/admin/channels/costs";

type Answer = { status: number; location: string | null; body: unknown };

/** The action's answer to `form` posted by `cookie`: a redirect's location, or the refusal's body. */
async function post(cookie: string, form: FormData, origin = HOST): Promise<Answer> {
  const request = new Request(`${HOST}${PATH}`, {
    method: "POST",
    headers: { cookie, origin },
    body: form,
  });
  const answer = (await action({ request, context: {}, params: {} } as never)) as unknown;
  if (answer instanceof Response)
    return { status: answer.status, location: answer.headers.get("location"), body: null };
  const d = answer as { data: unknown; init?: { status?: number } };
  return { status: d.init?.status ?? 200, location: null, body: d.data };
}

/** What the page shows at `search` ("?file=…"). */
async function page(cookie: string, search = "") {
  const request = new Request(`${HOST}${PATH}${search}`, { headers: { cookie } });
  const answer = (await loader({ request, context: {}, params: {} } as never)) as unknown as {
    data: Awaited<ReturnType<typeof loader>>["data"];
  };
  return answer.data;
}

function formOf(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("upload", new File([Buffer.from(file.bytes)], file.name));
  return form;
}

describe.each(engines())("광고비 가져오기 ($name)", (engine) => {
  const t = useTestDb(engine);

  async function agency() {
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    return cookieOf("agency@example.com", "anyang");
  }

  async function upload(cookie: string, name: string, bytes: Uint8Array) {
    const answer = await post(cookie, formOf({ intent: "upload" }, { name, bytes }));
    expect(answer.status).toBe(302);
    return new URL(answer.location!, HOST).searchParams.get("file")!;
  }

  async function stored() {
    const r = await t.db().get<{
      n: number;
      won: number | null;
    }>("SELECT COUNT(*) AS n, SUM(cost_won) AS won FROM ad_costs WHERE site_id = 'anyang'");
    return { rows: Number(r?.n), won: Number(r?.won ?? 0) };
  }

  /** Posts the preview's save form as shown, with `more` fields. */
  async function save(cookie: string, id: string, more: Record<string, string> = {}) {
    const shown = await page(cookie, `?file=${id}`);
    if (shown.plan?.step !== "preview") throw new Error(`no preview: ${shown.plan?.step}`);
    return post(
      cookie,
      formOf({
        intent: "save",
        file: id,
        source: shown.plan.source,
        previewed: shown.plan.fingerprint,
        ...more,
      }),
    );
  }

  it("previews a Naver file; saves nothing with refused rows until they are left out, then the rows to the won", async () => {
    const cookie = await agency();
    const id = await upload(cookie, "네이버_1월.csv", utf8(`\uFEFF${NAVER}`));
    const shown = await page(cookie, `?file=${id}`);
    expect(shown.plan).toMatchObject({
      step: "preview",
      platform: "naver-search",
      source: "naver",
      rows: 3,
      days: 2,
      firstDay: "2026-01-22",
      lastDay: "2026-01-23",
      totalWon: NAVER_TOTAL,
      campaigns: ["분양_브랜드", "분양_일반"],
      refused: [{ row: 6, reason: "날짜 «2026.01.32.»를 읽지 못했습니다" }],
      targets: [{ source: "naver", sameFile: false, replacedDays: [] }],
    });

    expect(await save(cookie, id)).toEqual({
      status: 400,
      location: null,
      body: {
        field: "excludeRefused",
        message:
          "거부된 행이 1개 있습니다. 그 행을 빼고 저장하려면 ‘거부된 1행을 빼고 저장’을 골라 주세요.",
      },
    });
    expect(await stored()).toEqual({ rows: 0, won: 0 });

    const saved = await save(cookie, id, { excludeRefused: "1" });
    expect(saved.status).toBe(302);
    expect(await stored()).toEqual({ rows: 3, won: NAVER_TOTAL });
    const after = await page(cookie, new URL(saved.location!, HOST).search);
    expect(after.plan).toBeNull();
    expect(after.imports).toEqual([
      expect.objectContaining({
        id: after.saved,
        fileName: "네이버_1월.csv",
        platform: "naver-search",
        source: "naver",
        rows: 3,
        totalWon: NAVER_TOTAL,
        firstDay: "2026-01-22",
        lastDay: "2026-01-23",
        importedBy: "agency@example.com",
      }),
    ]);

    // The same file again: the preview says so, and saving stores nothing.
    const again = await upload(cookie, "네이버_1월 (1).csv", utf8(`\uFEFF${NAVER}`));
    expect((await page(cookie, `?file=${again}`)).plan).toMatchObject({
      targets: [{ source: "naver", sameFile: true }],
    });
    expect((await save(cookie, again, { excludeRefused: "1" })).body).toEqual({
      field: "file",
      message: "이미 가져온 파일입니다. 바뀐 것이 없습니다.",
    });
    expect(await stored()).toEqual({ rows: 3, won: NAVER_TOTAL });
    expect((await page(cookie)).imports).toHaveLength(1);
  });

  it("shows the days an overlapping XLSX file covers, and replaces them only when asked to", async () => {
    const cookie = await agency();
    const first = await upload(cookie, "네이버.csv", utf8(NAVER));
    await save(cookie, first, { excludeRefused: "1" });
    // Kakao Moment's workbook as the source "naver" (a test's choice): costs without VAT.
    const workbook = await xlsxOf([
      ["일", "캠페인 이름", "광고그룹 이름", "노출수", "클릭수", "비용"],
      ["20260123", "분양_브랜드", "브랜드_메인", 100, 10, 100_000],
      ["20260124", "분양_브랜드", "브랜드_메인", 100, 10, 50_001],
    ]);
    const id = await upload(cookie, "카카오.xlsx", workbook);
    const shown = await page(cookie, `?file=${id}&source=naver`);
    expect(shown.plan).toMatchObject({
      step: "preview",
      platform: "kakao-moment",
      rows: 2,
      totalWon: 110_000 + 55_001,
      targets: [
        {
          source: "naver",
          replacedDays: [{ campaign: "분양_브랜드", day: "2026-01-23" }],
        },
      ],
    });
    if (shown.plan?.step !== "preview") throw new Error("no preview");
    const fields = { intent: "save", file: id, source: "naver", previewed: shown.plan.fingerprint };
    // Not asked to replace the overlapping day: refused at its box, nothing changed.
    const refused = await post(cookie, formOf(fields));
    expect(refused.body).toEqual({
      field: "replaceOverlap",
      message:
        "이미 저장된 비용과 1개 캠페인·날짜가 겹칩니다. 그 비용을 이 파일의 것으로 바꾸려면 ‘겹치는 날을 이 파일로 바꾸기’를 골라 주세요.",
    });
    expect(await stored()).toEqual({ rows: 3, won: NAVER_TOTAL });
    const saved = await post(cookie, formOf({ ...fields, replaceOverlap: "1" }));
    expect(saved.status).toBe(302);
    expect(await stored()).toEqual({ rows: 4, won: NAVER_TOTAL - 300_000 + 165_001 });
  });

  it("deletes an imported file and its costs", async () => {
    const cookie = await agency();
    const id = await upload(cookie, "네이버.csv", utf8(NAVER));
    await save(cookie, id, { excludeRefused: "1" });
    const [imported] = (await page(cookie)).imports;
    const deleted = await post(cookie, formOf({ intent: "delete", import: imported!.id }));
    expect(deleted.location).toBe(`${PATH}?deleted=1`);
    expect(await stored()).toEqual({ rows: 0, won: 0 });
    expect((await page(cookie)).imports).toEqual([]);
  });

  it("refuses a file over 10 MB in Korean and keeps nothing", async () => {
    const cookie = await agency();
    const big = new Uint8Array(11 * 1024 * 1024).fill(0x41);
    const answer = await post(cookie, formOf({ intent: "upload" }, { name: "큰.csv", bytes: big }));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      field: "file",
      message: "파일이 10MB를 넘습니다. 기간을 나누어 내려받아 주세요.",
    });
    const kept = await t.db().get<{ n: number }>("SELECT COUNT(*) AS n FROM ad_cost_pending");
    expect(Number(kept?.n)).toBe(0);
    expect(await stored()).toEqual({ rows: 0, won: 0 });
  });

  it("asks for the columns of an unknown file, and reads the next file of that header with them", async () => {
    const cookie = await agency();
    const id = await upload(cookie, "대행사 시트.csv", SHEET(["2026-02-01,현수막,100000"]));
    expect((await page(cookie, `?file=${id}`)).plan).toMatchObject({
      step: "mapping",
      header: ["일자", "캠페인명", "집행금액"],
      proposed: undefined,
    });
    // No cost column: refused beside it.
    expect(
      (await post(cookie, formOf({ intent: "map", file: id, day: "일자", vat: "no" }))).body,
    ).toEqual({ field: "cost", message: "비용 열을 골라 주세요." });
    const mapped = await post(
      cookie,
      formOf({
        intent: "map",
        file: id,
        day: "일자",
        campaign: "캠페인명",
        cost: "집행금액",
        vat: "no",
      }),
    );
    expect(mapped.location).toBe(`${PATH}?file=${id}`);
    expect((await page(cookie, `?file=${id}&source=banner`)).plan).toMatchObject({
      step: "preview",
      platform: "mapped",
      totalWon: 110_000,
      campaigns: ["현수막"],
    });

    const next = await upload(cookie, "대행사 시트 2월.csv", SHEET(["2026-02-02,전단,50000"]));
    expect((await page(cookie, `?file=${next}&source=banner`)).plan).toMatchObject({
      step: "preview",
      mapped: true,
      totalWon: 55_000,
      campaigns: ["전단"],
    });
  });

  it("asks a name for each Naver API campaign ID once and reads it by that name after", async () => {
    const cookie = await agency();
    const line = (day: string, campaign: string, cost: number) =>
      [
        day,
        "1234",
        campaign,
        "grp-1",
        "kwd-1",
        "ad-1",
        "bc-1",
        "1",
        "M",
        "100",
        "10",
        String(cost),
        "0",
        "0",
      ].join("\t");
    const report = utf8([line("20260401", "cmp-a001-01-000000001", 10_000)].join("\n"));
    const id = await upload(cookie, "api.tsv", report);
    const shown = await page(cookie, `?file=${id}`);
    expect(shown.plan).toMatchObject({
      step: "preview",
      platform: "naver-api",
      unnamedCampaigns: ["cmp-a001-01-000000001"],
    });
    if (shown.plan?.step !== "preview") throw new Error("no preview");
    const form = { intent: "save", file: id, source: "naver", previewed: shown.plan.fingerprint };
    expect((await post(cookie, formOf(form))).body).toEqual({
      field: "names",
      message: "캠페인 ID마다 이름(utm_campaign)을 적어 주세요.",
    });
    const named = await post(
      cookie,
      formOf({ ...form, "campaign:cmp-a001-01-000000001": "브랜드검색" }),
    );
    expect(named.status).toBe(302);
    expect(
      await t.db().all("SELECT campaign, cost_won FROM ad_costs WHERE site_id = 'anyang'"),
    ).toEqual([{ campaign: "브랜드검색", cost_won: 10_000 }]);

    // The next report of the campaign is read by its name (from 30 March, costs include VAT).
    const next = await upload(
      cookie,
      "api 2.tsv",
      utf8(line("20260402", "cmp-a001-01-000000001", 20_000)),
    );
    expect((await page(cookie, `?file=${next}`)).plan).toMatchObject({
      unnamedCampaigns: [],
      campaigns: ["브랜드검색"],
      totalWon: 20_000,
    });
  });

  it("refuses another site's post, and answers 404 to an administrator of another complex", async () => {
    const cookie = await agency();
    const crossSite = await post(cookie, formOf({ intent: "upload" }), "http://evil.example");
    expect(crossSite.status).toBe(403);
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    const other = await cookieOf("suwon@example.com", "suwon");
    expect(await thrownStatus(() => page(other))).toBe(404);
  });
});
