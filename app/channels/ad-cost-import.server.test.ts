import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { countChannel } from "~/channels/channel-counts.server";
import { engines, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { requireSite } from "~/sites/registry.server";
import {
  campaignNames,
  keepPending,
  knownSources,
  listImports,
  pendingFile,
  planImport,
  purgePending,
  rememberCampaignNames,
  rememberedMapping,
  rememberedSource,
  rememberMapping,
  rememberSource,
  saveImport,
} from "./ad-cost-import.server";

const utf8 = (text: string) => new TextEncoder().encode(text);
const BY = "agency@example.com";

// Kakao Moment's export: costs without VAT, so 10 % is added (110,000 + 55,000 + 22,000).
const KAKAO = utf8(
  [
    "일,캠페인 이름,광고그룹 이름,노출수,클릭수,비용",
    "20260301,분양_카카오,관심사,1000,10,100000",
    "20260302,분양_카카오,관심사,500,5,50000",
    "20260302,분양_카카오,지역,200,2,20000",
  ].join("\n"),
);

// An agency's own sheet: no platform claims it.
const SHEET_HEADER = ["날짜", "매체", "캠페인명", "광고비"];
const SHEET = utf8(
  [
    SHEET_HEADER.join(","),
    "2026-03-01,banner,현수막_역앞,300000",
    "2026-03-02,banner,현수막_역앞,300000",
  ].join("\n"),
);

/** A file uploaded to 안양 by the agency: its pending id. */
const keep = (fileName: string, bytes: Uint8Array) =>
  keepPending({ siteId: "anyang", fileName, bytes, by: BY });

describe.each(engines())("광고비 가져오기 between its steps ($name)", (engine) => {
  const t = useTestDb(engine);

  it("keeps an uploaded file byte for byte for 24 hours, for its complex only", async () => {
    const id = await keep("카카오.csv", KAKAO);
    const kept = await pendingFile("anyang", id);
    expect(kept).toMatchObject({
      fileName: "카카오.csv",
      sha256: createHash("sha256").update(KAKAO).digest("hex"),
      createdBy: BY,
    });
    expect([...kept!.bytes]).toEqual([...KAKAO]);
    expect(await pendingFile("suwon", id)).toBeUndefined();

    const dayLater = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(await pendingFile("anyang", id, dayLater)).toBeUndefined();
    expect(await purgePending(new Date())).toBe(0);
    expect(await purgePending(dayLater)).toBe(1);
    const left = await t.db().get<{ n: number }>("SELECT COUNT(*) AS n FROM ad_cost_pending");
    expect(Number(left?.n)).toBe(0);
  });

  it("keeps a complex's newest 20 waiting files, forgetting older ones", async () => {
    const first = await keep("0.csv", KAKAO);
    // An hour older than the others, which may share a millisecond.
    await t
      .db()
      .run("UPDATE ad_cost_pending SET created_at = $1 WHERE id = $2", [
        new Date(Date.now() - 60 * 60 * 1000).toISOString(),
        first,
      ]);
    for (let i = 1; i <= 20; i++) await keep(`${i}.csv`, KAKAO);
    expect(await pendingFile("anyang", first)).toBeUndefined();
    const left = await t
      .db()
      .all<{ file_name: string }>("SELECT file_name FROM ad_cost_pending WHERE site_id = 'anyang'");
    expect(left).toHaveLength(20);
    expect(left.map((r) => r.file_name)).not.toContain("0.csv");
  });

  it("remembers a source per platform, a mapping per header and campaign names, per complex", async () => {
    await rememberSource("anyang", "meta", "fb_ads", BY);
    await rememberSource("anyang", "meta", "meta_ads", BY);
    expect(await rememberedSource("anyang", "meta")).toBe("meta_ads");
    expect(await rememberedSource("suwon", "meta")).toBeUndefined();

    const mapping = { day: "날짜", cost: "광고비", campaign: "캠페인명", costIncludesVat: true };
    await rememberMapping("anyang", SHEET_HEADER, mapping, BY);
    // The same header, spaced and cased otherwise, is the same file shape.
    expect(await rememberedMapping("anyang", [" 날짜", "매체", "캠페인명 ", "광고비", ""])).toEqual(
      mapping,
    );
    expect(await rememberedMapping("suwon", SHEET_HEADER)).toBeUndefined();

    await rememberCampaignNames("anyang", { "cmp-a001": "브랜드", "cmp-a002": "" }, BY);
    expect(await campaignNames("anyang")).toEqual({ "cmp-a001": "브랜드" });
    expect(await campaignNames("suwon")).toEqual({});
  });

  it("proposes the complex's own sources from its landings, leads and cost files", async () => {
    await countChannel("anyang", "landing", "Naver_SA");
    await countChannel("suwon", "landing", "daangn");
    const lead = await createLead(
      requireSite("anyang"),
      {
        kind: "inquiry",
        name: "방문객",
        phone: "010-4000-1000",
        message: "",
        privacyConsent: true,
        smsConsent: false,
        visitSlot: null,
      },
      { ip: "198.51.100.7", source: "/", attribution: { utm_source: "Kakao" } },
    );
    expect(lead.status).toBe("created");
    expect(await knownSources("anyang")).toEqual(["kakao", "naver_sa"]);
  });

  it("previews a recognised file with the platform's usual source, then the remembered one", async () => {
    const id = await keep("카카오.csv", KAKAO);
    const first = await planImport("anyang", id);
    expect(first).toMatchObject({
      step: "preview",
      platform: "kakao-moment",
      source: "kakao",
      rows: 3,
      days: 2,
      firstDay: "2026-03-01",
      lastDay: "2026-03-02",
      totalWon: 187_000,
      campaigns: ["분양_카카오"],
      refused: [],
      targets: [{ source: "kakao", rows: 3, totalWon: 187_000, sameFile: false, replacedDays: [] }],
    });
    await rememberSource("anyang", "kakao-moment", "kakao_moment", BY);
    expect(await planImport("anyang", id)).toMatchObject({ source: "kakao_moment" });
    expect(await planImport("anyang", id, { source: "KMoment" })).toMatchObject({
      source: "KMoment",
      targets: [{ source: "kmoment" }],
    });
  });

  it("saves as previewed, remembers the source, forgets the file; the same file again stores nothing", async () => {
    const id = await keep("카카오.csv", KAKAO);
    const plan = await planImport("anyang", id, { source: "kakao_m" });
    if (plan.step !== "preview") throw new Error(plan.step);
    const save = { siteId: "anyang", pendingId: id, excludeRefused: false, by: BY };

    // A preview made with another source is not what would be saved.
    expect(await saveImport({ ...save, source: "kakao", previewed: plan.fingerprint })).toEqual({
      ok: false,
      field: "form",
      message: "미리 보기를 새로 만들었습니다. 바뀐 내용을 확인한 뒤 저장해 주세요.",
    });
    const saved = await saveImport({
      ...save,
      source: "kakao_m",
      previewed: plan.fingerprint,
    });
    expect(saved).toEqual({
      ok: true,
      imported: [{ importId: expect.any(String), source: "kakao_m", rows: 3, totalWon: 187_000 }],
    });
    expect(await rememberedSource("anyang", "kakao-moment")).toBe("kakao_m");
    expect(await pendingFile("anyang", id)).toBeUndefined();
    expect(await listImports("anyang")).toEqual([
      expect.objectContaining({
        fileName: "카카오.csv",
        platform: "kakao-moment",
        source: "kakao_m",
        rows: 3,
        totalWon: 187_000,
        firstDay: "2026-03-01",
        lastDay: "2026-03-02",
        importedBy: BY,
      }),
    ]);

    const again = await keep("다시.csv", KAKAO);
    const second = await planImport("anyang", again);
    expect(second).toMatchObject({
      targets: [{ source: "kakao_m", sameFile: true, replacedDays: expect.any(Array) }],
    });
    if (second.step !== "preview") throw new Error(second.step);
    expect(
      await saveImport({
        ...save,
        pendingId: again,
        source: "kakao_m",
        previewed: second.fingerprint,
      }),
    ).toEqual({ ok: false, field: "file", message: "이미 가져온 파일입니다. 바뀐 것이 없습니다." });
    const n = await t.db().get<{ n: number }>("SELECT COUNT(*) AS n FROM ad_costs");
    expect(Number(n?.n)).toBe(3);
  });

  it("refuses a file overlapping stored campaign-days unless told to replace them, then replaces only those", async () => {
    const first = await keep("카카오.csv", KAKAO);
    const plan = await planImport("anyang", first, { source: "kakao" });
    if (plan.step !== "preview") throw new Error(plan.step);
    const save = { siteId: "anyang", source: "kakao", excludeRefused: false, by: BY };
    expect(
      await saveImport({ ...save, pendingId: first, previewed: plan.fingerprint }),
    ).toMatchObject({
      ok: true,
    });

    // A corrected download of 2 March for 관심사 (and a new 3 March): one stored campaign-day overlaps.
    const corrected = utf8(
      [
        "일,캠페인 이름,광고그룹 이름,노출수,클릭수,비용",
        "20260302,분양_카카오,관심사,600,6,60000",
        "20260303,분양_카카오,관심사,700,7,70000",
      ].join("\n"),
    );
    const second = await keep("카카오_수정.csv", corrected);
    const overlap = await planImport("anyang", second, { source: "kakao" });
    if (overlap.step !== "preview") throw new Error(overlap.step);
    expect(overlap.targets).toEqual([
      expect.objectContaining({
        source: "kakao",
        replacedDays: [{ campaign: "분양_카카오", day: "2026-03-02" }],
      }),
    ]);
    const costs = async () =>
      (
        await t.db().all<{ day: string; won: number }>(
          `SELECT day, SUM(cost_won) AS won FROM ad_costs WHERE site_id = 'anyang'
           GROUP BY day ORDER BY day`,
        )
      ).map((r) => `${r.day} ${Number(r.won)}`);
    const before = ["2026-03-01 110000", "2026-03-02 77000"];
    expect(await costs()).toEqual(before);

    const again = { ...save, pendingId: second, previewed: overlap.fingerprint };
    expect(await saveImport(again)).toEqual({
      ok: false,
      field: "replaceOverlap",
      message:
        "이미 저장된 비용과 1개 캠페인·날짜가 겹칩니다. 그 비용을 이 파일의 것으로 바꾸려면 ‘겹치는 날을 이 파일로 바꾸기’를 골라 주세요.",
    });
    expect(await costs()).toEqual(before);
    expect(await pendingFile("anyang", second)).toBeDefined();

    expect(await saveImport({ ...again, replaceOverlap: true })).toMatchObject({ ok: true });
    // 2 March's two ad groups (55,000 + 22,000) give way to the corrected 66,000; 1 March stays.
    expect(await costs()).toEqual(["2026-03-01 110000", "2026-03-02 66000", "2026-03-03 77000"]);
  });

  it("asks for the columns of an unrecognised file, then reads it with the remembered ones", async () => {
    const id = await keep("시트.csv", SHEET);
    expect(await planImport("anyang", id)).toMatchObject({
      step: "mapping",
      header: SHEET_HEADER,
      proposed: undefined,
    });
    const mapping = {
      day: "날짜",
      source: "매체",
      campaign: "캠페인명",
      cost: "광고비",
      costIncludesVat: false,
    };
    await rememberMapping("anyang", SHEET_HEADER, mapping, BY);
    expect(await planImport("anyang", id)).toMatchObject({
      step: "preview",
      platform: "mapped",
      mapped: true,
      source: "",
      needsSource: false,
      totalWon: 660_000,
      targets: [{ source: "banner", rows: 2, totalWon: 660_000 }],
    });
    expect(await planImport("anyang", id, { remap: true })).toMatchObject({
      step: "mapping",
      proposed: mapping,
    });
  });
});
