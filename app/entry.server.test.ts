import { describe, expect, it } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead, listLeads } from "~/leads/leads.server";
import { startReceiver } from "~/outbox/test-receiver";
import { loadSite, requireSite } from "~/sites/registry.server";
import { startServices } from "./entry.server";

describe.each(engines())("server start-up ($name)", (engine) => {
  const t = useTestDb(engine);

  it("creates the administrator, delivers queued leads, purges expired ones and stops cleanly", async () => {
    const form = {
      kind: "inquiry" as const,
      name: "a",
      phone: "010-1234-5678",
      message: "",
      privacyConsent: true,
      smsConsent: false,
      visitSlot: null,
    };
    const expired = new Date(
      Date.now() - (loadSite("sites/anyang").privacy.retentionDays + 1) * 86_400_000,
    );
    await createLead(requireSite("anyang"), form, { ip: "1", source: "/" }, expired);

    const hook = await startReceiver(200);
    try {
      setTestEnv({
        ADMIN_EMAIL: "admin@example.com",
        ADMIN_PASSWORD: "start-up-password",
        LEADS_WEBHOOK_URL: hook.url("/leads"),
        OUTBOX_POLL_MS: "20",
      });
      const fresh = await createLead(
        requireSite("anyang"),
        { ...form, phone: "010-2222-3333" },
        { ip: "1", source: "/" },
      );

      const services = await startServices();
      await expect.poll(() => hook.requests.length, { timeout: 5000 }).toBe(1);
      expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({
        id: (fresh as { id: string }).id,
      });
      await expect
        .poll(async () => (await listLeads("anyang")).map((l) => l.phone), { timeout: 5000 })
        .toEqual(["010-2222-3333"]);
      expect(await t.db().all("SELECT email FROM admins")).toEqual([
        { email: "admin@example.com" },
      ]);
      await services.stop();
    } finally {
      await hook.close();
    }
  });
});
