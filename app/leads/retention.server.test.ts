import { describe, expect, it } from "vitest";
import { loadSite, requireSite } from "~/sites/registry.server";
import { engines, setTestEnv } from "~/db/test-support";
import { createLead, listLeads } from "./leads.server";
import { purgeExpiredLeads } from "./retention.server";
import { meta, useLeadsDb, visit } from "./test-support";

const content = loadSite("sites/anyang");

describe.each(engines())("lead intake ($name)", (engine) => {
  const { outbox } = useLeadsDb(engine);

  it("purges only leads past the retention period, with their outbox rows", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const day = 86_400_000;
    const now = new Date("2027-06-01T00:00:00.000Z");
    const days = content.privacy.retentionDays;
    await createLead(
      requireSite("anyang"),
      { ...visit, name: "만료" },
      meta,
      new Date(now.getTime() - (days + 1) * day),
    );
    await createLead(
      requireSite("anyang"),
      { ...visit, name: "보관" },
      meta,
      new Date(now.getTime() - (days - 1) * day),
    );
    expect(await outbox()).toHaveLength(4);

    expect(await purgeExpiredLeads("anyang", now)).toBe(1);
    expect((await listLeads("anyang")).map((l) => l.name)).toEqual(["보관"]);
    expect(await outbox()).toHaveLength(2);
    expect(await purgeExpiredLeads("anyang", now)).toBe(0);
  });
});
