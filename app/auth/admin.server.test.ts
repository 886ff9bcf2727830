import { describe, expect, it } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { ensureAdminFromEnv, upsertAdmin } from "./admin.server";
import { verifyPassword } from "./password.server";

describe.each(engines())("administrator from the environment ($name)", (engine) => {
  const t = useTestDb(engine);
  const admins = () =>
    t.db().all<{
      email: string;
      password_hash: string;
      created_at: string;
      updated_at: string;
    }>("SELECT email, password_hash, created_at, updated_at FROM admins");

  it("does nothing unless both ADMIN_EMAIL and ADMIN_PASSWORD are set", async () => {
    setTestEnv({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: undefined });
    expect(await ensureAdminFromEnv()).toBe("not_configured");
    expect(await admins()).toHaveLength(0);
  });

  it("creates the administrator with a hashed password, then changes the password when it changes", async () => {
    setTestEnv({ ADMIN_EMAIL: "Admin@Example.com", ADMIN_PASSWORD: "first-password" });
    expect(await ensureAdminFromEnv()).toBe("created");
    let [admin] = await admins();
    expect(admin!.email).toBe("admin@example.com");
    expect(admin!.password_hash).not.toContain("first-password");
    expect(await verifyPassword("first-password", admin!.password_hash)).toBe(true);

    // A restart with the same settings changes nothing.
    expect(await ensureAdminFromEnv()).toBe("unchanged");

    const later = new Date(Date.now() + 60_000);
    expect(await upsertAdmin("admin@example.com", "second-password", { now: later })).toBe(
      "updated",
    );
    [admin] = await admins();
    expect(await admins()).toHaveLength(1);
    expect(await verifyPassword("first-password", admin!.password_hash)).toBe(false);
    expect(await verifyPassword("second-password", admin!.password_hash)).toBe(true);
    expect(admin!.updated_at).toBe(later.toISOString());
    expect(admin!.created_at).not.toBe(admin!.updated_at);
  });
});
