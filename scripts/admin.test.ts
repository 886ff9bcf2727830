import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createSession, getSession } from "~/auth/session.server";
import { verifyPassword } from "~/auth/password.server";
import { signIn } from "~/auth/sign-in.server";
import { engines, useTestDb } from "~/db/test-support";

/** Runs `npm run admin -- <args>` (tsx scripts/admin.ts) against the test database, with stdin. */
function adminCommand(args: string[], stdin: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !["DATABASE_URL", "DATA_DIR", "TEST_DATABASE_URL"].includes(k),
      ),
    );
    const child = execFile(
      "node_modules/.bin/tsx",
      ["scripts/admin.ts", ...args],
      { env: { ...clean, ...env }, encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}

describe.each(engines())("npm run admin -- set-password ($name)", { timeout: 60_000 }, (engine) => {
  const t = useTestDb(engine);
  const hashOf = async (email: string) =>
    (
      await t.db().get<{
        password_hash: string;
      }>("SELECT password_hash FROM admins WHERE email = $1", [email])
    )?.password_hash;

  it("creates the administrator from a password on standard input", async () => {
    const r = await adminCommand(
      ["set-password", "Editor@Example.com"],
      "a-long-enough-password\n",
      t.env(),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "editor@example.com: 관리자 계정을 만들었습니다. 역할과 범위: 에이전시 관리자, 모든 단지.",
    );
    expect(
      await verifyPassword("a-long-enough-password", (await hashOf("editor@example.com"))!),
    ).toBe(true);
  });

  it("refuses a password under 12 characters and changes nothing", async () => {
    const r = await adminCommand(["set-password", "editor@example.com"], "short-pw\n", t.env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("비밀번호는 12자 이상이어야 합니다");
    expect(await hashOf("editor@example.com")).toBeUndefined();
  });

  it("takes the password given twice, as a confirmation prompt would, and it signs in", async () => {
    const r = await adminCommand(
      ["set-password", "editor@example.com"],
      "typed-twice-password\ntyped-twice-password\n",
      t.env(),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("editor@example.com: 관리자 계정을 만들었습니다.");
    const signedIn = await signIn(
      "anyang",
      { email: "editor@example.com", password: "typed-twice-password" },
      { ip: "203.0.113.7" },
    );
    expect(signedIn).toMatchObject({ ok: true });
  });

  it.each([
    [
      "two different lines",
      "first-long-password\nsecond-long-password\n",
      "두 줄의 비밀번호가 서로 다릅니다. 바꾸지 않았습니다.",
    ],
    [
      "three lines",
      "a-long-password-1\na-long-password-1\na-long-password-1\n",
      "표준 입력이 3줄입니다.",
    ],
  ])("refuses %s and changes nothing", async (_, stdin, message) => {
    const r = await adminCommand(["set-password", "editor@example.com"], stdin, t.env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    expect(await hashOf("editor@example.com")).toBeUndefined();
  });

  it("changes the password and signs out the administrator's open sessions", async () => {
    await adminCommand(["set-password", "editor@example.com"], "first-password-123", t.env());
    const { id } = (await t.db().get<{ id: string }>("SELECT id FROM admins"))!;
    const cookie = await createSession(id);
    const request = new Request("http://localhost/admin", {
      headers: { cookie: cookie.split(";")[0]! },
    });
    expect(await getSession(request)).not.toBeNull();

    const r = await adminCommand(
      ["set-password", "editor@example.com"],
      "second-password-456",
      t.env(),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "비밀번호를 바꿨습니다. 역할과 범위: 에이전시 관리자, 모든 단지. 로그인된 세션 1개를 끝냈습니다.",
    );
    expect(await verifyPassword("second-password-456", (await hashOf("editor@example.com"))!)).toBe(
      true,
    );
    expect(await getSession(request)).toBeNull();
  });

  it("makes an editor of the complexes named with --site, and says when a call changes them", async () => {
    const r = await adminCommand(
      ["set-password", "manager@example.com", "--site", "bundang", "--site", "anyang"],
      "a-long-enough-password",
      t.env(),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "manager@example.com: 관리자 계정을 만들었습니다. 역할과 범위: 단지 편집자, 단지 anyang, bundang.",
    );
    const sites = () =>
      t.db().all<{ all_sites: number; site_id: string | null }>(
        `SELECT a.all_sites, s.site_id FROM admins a LEFT JOIN admin_sites s ON s.admin_id = a.id
           ORDER BY s.site_id`,
      );
    expect((await sites()).map((r) => [Number(r.all_sites), r.site_id])).toEqual([
      [0, "anyang"],
      [0, "bundang"],
    ]);

    const widened = await adminCommand(
      ["set-password", "manager@example.com"],
      "a-long-enough-password",
      t.env(),
    );
    expect(widened.stdout).toContain(
      "비밀번호가 같아 바꾸지 않았습니다. 역할과 범위를 바꿨습니다: 단지 편집자, 단지 anyang, bundang → 에이전시 관리자, 모든 단지.",
    );
    expect((await sites()).map((r) => [Number(r.all_sites), r.site_id])).toEqual([[1, null]]);

    const bad = await adminCommand(
      ["set-password", "manager@example.com", "--site", "Bad_Id"],
      "a-long-enough-password",
      t.env(),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("단지 ID가 올바르지 않습니다: Bad_Id");
  });

  it("makes a consultant with --role, keeps the role at a password reset, and refuses a role that does not fit its complexes", async () => {
    const role = async () =>
      (
        await t
          .db()
          .get<{ role: string }>("SELECT role FROM admins WHERE email = $1", ["call@example.com"])
      )?.role;
    const made = await adminCommand(
      ["set-password", "call@example.com", "--role", "consultant", "--site", "anyang"],
      "a-long-enough-password",
      t.env(),
    );
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("관리자 계정을 만들었습니다. 역할과 범위: 상담원, 단지 anyang.");
    expect(await role()).toBe("consultant");

    // A password reset with --site, without --role: still a consultant, not an editor.
    const reset = await adminCommand(
      ["set-password", "call@example.com", "--site", "anyang"],
      "another-long-password",
      t.env(),
    );
    expect(reset.stdout).toContain("비밀번호를 바꿨습니다. 역할과 범위: 상담원, 단지 anyang.");
    expect(await role()).toBe("consultant");

    for (const [args, message] of [
      [["--role", "editor"], "단지 편집자와 상담원은 맡을 단지를 하나 이상 지정해야 합니다"],
      [["--role", "agency", "--site", "anyang"], "에이전시 관리자는 모든 단지를 관리합니다"],
      [["--role", "boss"], "역할이 올바르지 않습니다: boss"],
    ] as const) {
      const refused = await adminCommand(
        ["set-password", "call@example.com", ...args],
        "a-third-long-password",
        t.env(),
      );
      expect(refused.code, args.join(" ")).toBe(2);
      expect(refused.stderr).toContain(message);
    }
    expect(await role()).toBe("consultant");
  });

  it("explains its use when called wrongly", async () => {
    const r = await adminCommand(["reset"], "", t.env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("사용법: npm run admin -- set-password <이메일>");
  });
});
