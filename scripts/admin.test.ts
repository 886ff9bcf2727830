import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createSession, getSession } from "~/auth/session.server";
import { verifyPassword } from "~/auth/password.server";
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
    expect(r.stdout).toContain("editor@example.com: 관리자 계정을 만들었습니다.");
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
    expect(r.stdout).toContain("비밀번호를 바꿨습니다. 로그인된 세션 1개를 끝냈습니다.");
    expect(await verifyPassword("second-password-456", (await hashOf("editor@example.com"))!)).toBe(
      true,
    );
    expect(await getSession(request)).toBeNull();
  });

  it("explains its use when called wrongly", async () => {
    const r = await adminCommand(["reset"], "", t.env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("사용법: npm run admin -- set-password <이메일>");
  });
});
