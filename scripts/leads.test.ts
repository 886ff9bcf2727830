import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { loadSite, requireSite } from "~/sites/registry.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead, listLeads } from "~/leads/leads.server";

const content = loadSite("sites/anyang");

/** Runs `npm run leads -- <args>` (tsx scripts/leads.ts) against the test database. */
function leadsCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !["DATABASE_URL", "DATA_DIR", "TEST_DATABASE_URL"].includes(k),
      ),
    );
    execFile(
      "node_modules/.bin/tsx",
      ["scripts/leads.ts", ...args],
      { env: { ...clean, ...env }, encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const form = {
  kind: "inquiry" as const,
  name: "=HYPERLINK(1)",
  phone: "010-1234-5678",
  message: 'a, "b"',
  privacyConsent: true,
  smsConsent: false,
  visitSlot: null,
};

describe.each(engines())("npm run leads ($name)", { timeout: 60_000 }, (engine) => {
  const t = useTestDb(engine);

  it("exports one complex's leads as CSV with a BOM, the Korean header and defused formulas", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await createLead(
      requireSite("anyang"),
      form,
      { ip: "1", source: "/Promotion/Customer" },
      new Date("2026-05-01T00:00:00Z"),
    );
    await createLead(
      requireSite("anyang"),
      { ...form, kind: "visit", name: "김방문" },
      { ip: "1", source: "/" },
      new Date("2026-05-02T00:00:00Z"),
    );

    const { code, stdout } = await leadsCommand(["export", "--site", "anyang"], t.env());
    expect(code).toBe(0);
    expect(
      stdout.startsWith(
        "\uFEFF접수일시 (KST),구분,이름,연락처,문의내용,개인정보동의일시,동의버전,SMS수신동의,접수페이지,방문예약일시 (KST),예약취소일시 (KST),utm_source,utm_medium,utm_campaign,utm_term,utm_content,유입 사이트,표시 번호,동의 확인,동의 받은 곳,동의 기록자\r\n",
      ),
    ).toBe(true);
    const rows = stdout.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(2);
    // A registration without a visit time: 관심고객 등록, as its form's title names it.
    expect(rows[0]).toMatch(/^2026-05-02 09:00:00,관심고객 등록,김방문,/);
    expect(rows[1]).toBe(
      `2026-05-01 09:00:00,상담문의,'=HYPERLINK(1),010-1234-5678,"a, ""b""",2026-05-01 09:00:00,${content.privacy.consentVersion},미동의,/Promotion/Customer,,,,,,,,,${content.identity.phone},확인,홈페이지 신청서 (/Promotion/Customer),`,
    );
  });

  it("exports only the named complex with --site, and every complex with its 단지 column without", async () => {
    await createLead(
      requireSite("anyang"),
      form,
      { ip: "1", source: "/" },
      new Date("2026-05-01T00:00:00Z"),
    );
    await createLead(
      requireSite("suwon"),
      { ...form, name: "분당고객", phone: "010-7777-8888" },
      { ip: "1", source: "/" },
      new Date("2026-05-02T00:00:00Z"),
    );

    const suwon = await leadsCommand(["export", "--site", "suwon"], t.env());
    expect(suwon.code).toBe(0);
    const bundangRows = suwon.stdout.trimEnd().split("\r\n").slice(1);
    expect(bundangRows).toHaveLength(1);
    expect(bundangRows[0]).toMatch(/^2026-05-02 09:00:00,상담문의,분당고객,010-7777-8888,/);
    expect(suwon.stdout).not.toContain("010-1234-5678");

    const anyang = await leadsCommand(["export", "--site=anyang"], t.env());
    expect(anyang.stdout).not.toContain("분당고객");

    const all = await leadsCommand(["export"], t.env());
    expect(all.code).toBe(0);
    expect(all.stdout.startsWith("\uFEFF단지,접수일시 (KST),구분,이름,")).toBe(true);
    const rows = all.stdout.trimEnd().split("\r\n").slice(1);
    expect(rows.map((r) => r.split(",").slice(0, 4).join(","))).toEqual([
      "suwon,2026-05-02 09:00:00,상담문의,분당고객",
      "anyang,2026-05-01 09:00:00,상담문의,'=HYPERLINK(1)",
    ]);

    const bad = await leadsCommand(["export", "--site", "Bad_Id"], t.env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("단지 ID가 올바르지 않습니다: Bad_Id");
  });

  it("purges leads past retention and says how many in Korean", async () => {
    const old = new Date(Date.now() - (content.privacy.retentionDays + 2) * 86_400_000);
    await createLead(requireSite("anyang"), form, { ip: "1", source: "/" }, old);
    await createLead(
      requireSite("anyang"),
      { ...form, phone: "010-9999-8888" },
      { ip: "1", source: "/" },
    );

    const { code, stdout } = await leadsCommand(["purge"], t.env());
    expect(code).toBe(0);
    expect(stdout).toContain("지난 접수 1건을 삭제했습니다");
    expect((await listLeads("anyang")).map((l) => l.phone)).toEqual(["010-9999-8888"]);
  });
});

describe("npm run leads with an unknown command", { timeout: 60_000 }, () => {
  it("prints the Korean usage and exits with 2", async () => {
    const { code, stderr } = await leadsCommand(["import"], {
      DATA_DIR: "/nonexistent-never-created",
    });
    expect(code).toBe(2);
    expect(stderr).toContain("알 수 없는 명령입니다: import");
    expect(stderr).toContain("사용법: npm run leads -- <명령>");
  });
});
