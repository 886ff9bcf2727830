import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import {
  createReportLink,
  lastOpenDay,
  listReportLinks,
  openReportLink,
  revokeReportLink,
} from "./report-links.server";

// Monday 2 March 2026, 10:00 in Korea.
const NOW = new Date("2026-03-02T01:00:00.000Z");
const at = (kst: string) => new Date(`${kst}+09:00`);

describe.each(engines())("the client's report links ($name)", (engine) => {
  const t = useTestDb(engine);

  async function make(label = "한빛건설", expiresOn = "2026-03-31", siteId = "anyang") {
    const r = await createReportLink(siteId, { label, expiresOn }, "agency@example.com", NOW);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r;
  }

  it("opens its complex's link through the end of its 만료일 (Korean day), and nothing after", async () => {
    const { id, token } = await make();
    expect(await openReportLink(token, NOW)).toMatchObject({
      id,
      siteId: "anyang",
      label: "한빛건설",
      createdBy: "agency@example.com",
      revokedAt: null,
    });
    expect(await openReportLink(token, at("2026-03-31T23:59:59"))).not.toBeNull();
    expect(await openReportLink(token, at("2026-04-01T00:00:00"))).toBeNull();
    const [listed] = await listReportLinks("anyang");
    expect(lastOpenDay(listed!)).toBe("2026-03-31");
  });

  it("stores only the token's hash, never the token", async () => {
    const { token } = await make();
    const rows = await t.db().all<Record<string, unknown>>("SELECT * FROM report_links");
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a revoked link no longer opens; revoking twice or another complex's link does nothing", async () => {
    const { id, token } = await make();
    expect(await revokeReportLink("gangnam", id, NOW)).toBe(false);
    expect(await openReportLink(token, NOW)).not.toBeNull();
    expect(await revokeReportLink("anyang", id, NOW)).toBe(true);
    expect(await openReportLink(token, NOW)).toBeNull();
    expect(await revokeReportLink("anyang", id, NOW)).toBe(false);
    expect((await listReportLinks("anyang"))[0]!.revokedAt).toBe(NOW.toISOString());
  });

  it("an unknown or malformed token opens nothing", async () => {
    const { token } = await make();
    expect(
      await openReportLink(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, NOW),
    ).toBeNull();
    expect(await openReportLink("short", NOW)).toBeNull();
    expect(await openReportLink(`${token}'`, NOW)).toBeNull();
  });

  it("refuses a link without a name or with a 만료일 in the past, too far ahead or not a date, with Korean messages", async () => {
    const bad = async (label: string, expiresOn: string) => {
      const r = await createReportLink("anyang", { label, expiresOn }, "a@example.com", NOW);
      return r.ok ? null : r.errors;
    };
    expect(await bad(" ", "2026-03-31")).toEqual({ label: "받는 고객사 이름을 입력해 주세요." });
    expect(await bad("한빛", "2026-03-01")).toEqual({
      expiresOn: "만료일은 오늘이나 그 뒤여야 합니다.",
    });
    expect(await bad("한빛", "2027-03-10")).toEqual({
      expiresOn: "만료일은 오늘부터 366일 안으로 정해 주세요.",
    });
    expect(await bad("한빛", "3월 말")).toEqual({
      expiresOn: "만료일을 YYYY-MM-DD 형식의 날짜로 입력해 주세요.",
    });
    expect(await t.db().all("SELECT id FROM report_links")).toEqual([]);
  });

  it("lists a complex's links only, newest first", async () => {
    await make("먼저");
    await createReportLink(
      "anyang",
      { label: "나중", expiresOn: "2026-04-30" },
      "b@example.com",
      at("2026-03-03T09:00:00"),
    );
    await make("다른 단지", "2026-03-31", "gangnam");
    expect((await listReportLinks("anyang")).map((l) => l.label)).toEqual(["나중", "먼저"]);
  });
});
