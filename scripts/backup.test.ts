import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { createDb } from "~/db/db.server";
import { setTestEnv } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { requireSite } from "../app/sites/registry.server";

/** Runs `tsx scripts/<script> <args>` with DATA_DIR set, as `npm run` would. */
function command(script: string, args: string[], dataDir: string) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !["DATABASE_URL", "TEST_DATABASE_URL"].includes(k)),
  );
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      "node_modules/.bin/tsx",
      [`scripts/${script}`, ...args],
      { env: { ...clean, DATA_DIR: dataDir }, encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "backup-test-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

it(
  "backs up the live database, restores it into a fresh data folder, and the leads are there",
  { timeout: 60_000 },
  async () => {
    const live = tempDir();
    const db = await createDb({ dialect: "sqlite", file: join(live, "site.db") });
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const { setDb } = await import("~/db/db.server");
    setDb(db);
    try {
      const lead = {
        kind: "inquiry" as const,
        name: "백업확인",
        phone: "010-3141-5926",
        message: "백업 후에도 남아 있어야 하는 문의",
        privacyConsent: true,
        smsConsent: false,
        visitSlot: null,
      };
      await createLead(requireSite("anyang"), lead, { ip: "1", source: "/Promotion/Customer" });

      // The server still holds the database open (and its WAL) while the backup runs.
      const file = join(tempDir(), "site-backup.db");
      const backup = await command("backup.ts", [file], live);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain("백업했습니다");
      expect(await command("backup.ts", [file], live)).toMatchObject({ code: 1 });

      const fresh = tempDir();
      const restored = await command("backup.ts", ["restore", file], fresh);
      expect(restored.code).toBe(0);
      expect(existsSync(join(fresh, "site.db"))).toBe(true);
      const exported = await command("leads.ts", ["export"], fresh);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain("백업확인");
      expect(exported.stdout).toContain("백업 후에도 남아 있어야 하는 문의");
    } finally {
      await db.close();
    }
  },
);

it(
  "refuses to restore a file that is not a backup of the site, leaving the data folder alone",
  { timeout: 30_000 },
  async () => {
    const bogus = join(tempDir(), "not-a-backup.db");
    const other = new (await import("better-sqlite3")).default(bogus);
    other.exec("CREATE TABLE t (x)");
    other.close();
    const fresh = tempDir();
    const restored = await command("backup.ts", ["restore", bogus], fresh);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain("실패했습니다");
    expect(existsSync(join(fresh, "site.db"))).toBe(false);
  },
);
