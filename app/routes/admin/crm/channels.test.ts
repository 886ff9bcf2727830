import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { countChannel } from "~/channels/channel-counts.server";
import { engines, useTestDb } from "~/db/test-support";
import { kstDate } from "~/lib/korean-time";
import { loader as csvLoader } from "./channels.csv";
import { loader as deskLoader } from "./channels";

/** A GET of an administrator page on the complex `siteId`, on its host `<id>.localhost`. */
function get(siteId: string, path: string, cookie: string) {
  const request = new Request(`http://${siteId}.localhost${path}`, { headers: { cookie } });
  return { request, context: { ip: "203.0.113.5" }, params: {} };
}

async function desk(siteId: string, query: string, cookie: string) {
  const answer = await deskLoader(
    get(siteId, `/admin/channels${query}`, cookie) as unknown as Parameters<typeof deskLoader>[0],
  );
  return (answer as unknown as { data: Awaited<ReturnType<typeof deskLoader>>["data"] }).data;
}

async function csv(siteId: string, query: string, cookie: string) {
  const response = await csvLoader(
    get(siteId, `/admin/channels.csv${query}`, cookie) as unknown as Parameters<
      typeof csvLoader
    >[0],
  );
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-store");
  // text() reads the UTF-8 BOM as the encoding mark, not as a character.
  return (await response.text()).trimEnd().split("\r\n");
}

describe.each(engines())("채널 성과 per complex ($name)", (engine) => {
  useTestDb(engine);

  async function seed() {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    await countChannel("anyang", "landing", "naver");
    await countChannel("anyang", "tel", "naver");
    await countChannel("suwon", "landing", "daangn");
  }
  const day = kstDate();

  it("gives a complex administrator their complex's figures only, without a complex column or choice", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    const page = await desk("suwon", "?site=*", cookie);
    expect(page.site).toBeNull();
    expect(page.report.rows.map((r) => [r.siteId, r.day, r.source, r.landings])).toEqual([
      ["suwon", day, "daangn", 1],
    ]);
    expect(await csv("suwon", "?site=*", cookie)).toEqual([
      "날짜,유입 경로,유입,전화 탭,상담 접수,방문 예약,100명당 접수",
      `${day},daangn,1,0,0,0,0.0`,
      `합계 ${page.range.from}~${page.range.to},daangn,1,0,0,0,0.0`,
    ]);
  });

  it("answers a complex administrator 404 on another complex's report and CSV", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    expect(await thrownStatus(() => desk("anyang", "", cookie))).toBe(404);
    expect(await thrownStatus(() => desk("anyang", "?site=suwon", cookie))).toBe(404);
    expect(await thrownStatus(() => csv("anyang", "", cookie))).toBe(404);
  });

  it("sends a signed-out request to the sign-in page and back", async () => {
    const answer = await deskLoader(
      get("anyang", "/admin/channels?from=2026-03-01", "") as unknown as Parameters<
        typeof deskLoader
      >[0],
    ).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/channels?from=2026-03-01")}`,
    );
  });

  it("lets an administrator of every complex choose 모든 단지, with a 단지 column in the CSV", async () => {
    await seed();
    const cookie = await cookieOf("all@example.com", "anyang");
    const own = await desk("anyang", "", cookie);
    expect(own.report.rows.map((r) => [r.siteId, r.source, r.landings, r.telTaps])).toEqual([
      ["anyang", "naver", 1, 1],
    ]);
    expect(own.site).toEqual({
      scope: "anyang",
      current: "anyang",
      choices: [
        { id: "anyang", name: "라움하임 평촌 센트럴" },
        { id: "suwon", name: "아벨루스 광교 레이크파크" },
      ],
    });
    const all = await desk("anyang", "?site=*", cookie);
    expect(all.report.rows.map((r) => r.siteId)).toEqual(["anyang", "suwon"]);
    const rows = await csv("anyang", "?site=*", cookie);
    expect(rows[0]).toBe("단지,날짜,유입 경로,유입,전화 탭,상담 접수,방문 예약,100명당 접수");
    expect(rows.slice(1, 3)).toEqual([
      `anyang,${day},naver,1,1,0,0,0.0`,
      `suwon,${day},daangn,1,0,0,0,0.0`,
    ]);
  });
});
