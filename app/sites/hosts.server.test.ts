import { beforeEach, describe, expect, it } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { getDraft, publishDraft, saveDraft } from "~/console/content-store.server";
import {
  DEFAULT_SITE_MESSAGES,
  defaultProblems,
  HOST_MESSAGES,
  hostProblems,
} from "./hosts.server";
import { resetSites, siteForHost } from "./registry.server";
import { loadStore } from "~/console/sync.server";
import { createComplex } from "~/console/complexes.server";

/*
 * Whose address a host is (issue 38, item 2): the rule save, import and publish share. The route
 * tests (app/routes/admin/console/hosts.test.ts) show the findings; these show the rule's edges.
 */

const ANYANG_HOST = "raumheim-pyeongchon.example.com";

describe.each(engines())("a host belongs to one complex ($name)", (engine) => {
  useTestDb(engine);
  beforeEach(async () => {
    resetSites();
    setTestEnv({ SITE_URL: "http://localhost:4173", SITE_URL__SUWON: "https://suwon.example.kr" });
    await loadStore();
  });

  it("a complex's own hosts, free hosts and its own <id>.localhost are fine", async () => {
    expect(
      await hostProblems("suwon", [
        "gwanggyo-lakepark.example.com",
        "suwon.localhost",
        "suwon.localhost:5173",
        "suwon.example.kr",
        "new.example.com",
        "localhost:5000",
      ]),
    ).toEqual([]);
    expect(
      await hostProblems("anyang", [ANYANG_HOST, "localhost:4173", "anyang.localhost"]),
    ).toEqual([]);
  });

  it("another's <id>.localhost (any port), SITE_URL's and SITE_URL__<ID>'s hosts, and a listed host with or without a port are refused at their fields", async () => {
    const problems = await hostProblems("anyang", [
      "suwon.localhost:4173",
      "dongtan.localhost",
      "suwon.example.kr",
      "gwanggyo-lakepark.example.com:8443",
      "fine.example.com",
    ]);
    expect(problems).toEqual([
      { path: "hosts.0", message: HOST_MESSAGES.localName("suwon.localhost:4173", "suwon") },
      { path: "hosts.1", message: HOST_MESSAGES.localName("dongtan.localhost", "dongtan") },
      {
        path: "hosts.2",
        message: HOST_MESSAGES.origin("suwon.example.kr", "suwon", "SITE_URL__SUWON"),
      },
      {
        path: "hosts.3",
        message: HOST_MESSAGES.taken("gwanggyo-lakepark.example.com:8443", "suwon"),
      },
    ]);
    // `localhost` without a port would answer SITE_URL's `localhost:4173` too.
    expect(await hostProblems("suwon", ["localhost"])).toEqual([
      { path: "hosts.0", message: HOST_MESSAGES.origin("localhost", "anyang", "SITE_URL") },
    ]);
  });

  it("a host is the same address whatever its case, a trailing dot or its script: another's is refused in every form", async () => {
    const problems = await hostProblems("anyang", [
      "suwon.localhost.",
      "SUWON.localhost.:4173",
      "Gwanggyo-Lakepark.Example.com.",
      "gwanggyo-lakepark.example.com.:8443",
    ]);
    expect(problems).toEqual([
      { path: "hosts.0", message: HOST_MESSAGES.localName("suwon.localhost.", "suwon") },
      { path: "hosts.1", message: HOST_MESSAGES.localName("SUWON.localhost.:4173", "suwon") },
      {
        path: "hosts.2",
        message: HOST_MESSAGES.taken("Gwanggyo-Lakepark.Example.com.", "suwon"),
      },
      {
        path: "hosts.3",
        message: HOST_MESSAGES.taken("gwanggyo-lakepark.example.com.:8443", "suwon"),
      },
    ]);
    // A Korean name and its punycode are one address.
    const made = await createComplex(
      { id: "dongtan", name: "동탄", hosts: ["동탄.Example.com."], copyFrom: "suwon" },
      "agency@example.com",
    );
    expect(made).toEqual({ ok: true });
    expect((await getDraft("dongtan"))!.content.hosts).toEqual(["xn--2q1bk26c.example.com"]);
    expect(await hostProblems("anyang", ["xn--2q1bk26c.example.com", "동탄.example.com"])).toEqual([
      { path: "hosts.0", message: HOST_MESSAGES.taken("xn--2q1bk26c.example.com", "dongtan") },
      { path: "hosts.1", message: HOST_MESSAGES.taken("동탄.example.com", "dongtan") },
    ]);
  });

  it("a complex never published holds the hosts of its draft; a published one those of its versions", async () => {
    const made = await createComplex(
      { id: "dongtan", name: "동탄", hosts: ["dongtan.example.com"], copyFrom: "suwon" },
      "agency@example.com",
    );
    expect(made).toEqual({ ok: true });
    expect(await hostProblems("suwon", ["dongtan.example.com"])).toEqual([
      { path: "hosts.0", message: HOST_MESSAGES.taken("dongtan.example.com", "dongtan") },
    ]);
    // 새 단지 follows the same rule, at its one hosts field.
    const again = await createComplex(
      { id: "gwanggyo", name: "광교", hosts: ["anyang.localhost:4173"], copyFrom: "suwon" },
      "agency@example.com",
    );
    expect(again).toEqual({
      ok: false,
      problems: [
        { path: "hosts", message: HOST_MESSAGES.localName("anyang.localhost:4173", "anyang") },
      ],
    });
    // 안양's draft dropping its host does not free it while a version of 안양 holds it.
    const draft = (await getDraft("anyang"))!;
    await saveDraft("anyang", { ...draft.content, hosts: [] }, draft, "agency@example.com");
    expect((await hostProblems("suwon", [ANYANG_HOST]))[0]?.path).toBe("hosts.0");
    expect((await publishDraft("anyang", "agency@example.com")).ok).toBe(true);
    await loadStore();
    expect(await hostProblems("suwon", [ANYANG_HOST])).toEqual([]);
  });

  it("<id>.localhost answers complex <id> even when another complex lists it", async () => {
    const draft = (await getDraft("anyang"))!;
    // Written straight to the store, as a draft from before the rule would be.
    const content = { ...draft.content, hosts: [ANYANG_HOST, "suwon.localhost:4173"] };
    await saveDraft("anyang", content, draft, "old@example.com");
    const refused = await publishDraft("anyang", "old@example.com");
    expect(refused).toEqual({
      ok: false,
      problems: [
        { path: "hosts.1", message: HOST_MESSAGES.localName("suwon.localhost:4173", "suwon") },
      ],
    });
    const site = siteForHost("anyang.localhost");
    resetSites([
      { ...site, hosts: [...site.hosts, "suwon.localhost:4173"] },
      siteForHost("suwon.localhost"),
    ]);
    expect(siteForHost("suwon.localhost:4173").id).toBe("suwon");
  });

  it("one 기본 단지 at a time: the mark of a version served, scheduled, or of a draft never published counts; moved, it is free", async () => {
    const t0 = new Date();
    const marked = async (siteId: string, mark: boolean) => {
      const draft = (await getDraft(siteId))!;
      const content = { ...draft.content, default: mark };
      expect((await saveDraft(siteId, content, draft, "agency@example.com")).ok).toBe(true);
      return content;
    };
    const taken = [{ path: "default", message: DEFAULT_SITE_MESSAGES.taken("anyang") }];
    // 안양 (the samples' default) holds it; a document without the mark has nothing to check.
    expect(await defaultProblems("suwon", { default: true }, { now: t0 })).toEqual(taken);
    expect(await defaultProblems("suwon", { default: false }, { now: t0 })).toEqual([]);
    expect(await defaultProblems("anyang", { default: true }, { now: t0 })).toEqual([]);

    // 안양 without the mark from tomorrow: until then it still holds it.
    await marked("anyang", false);
    const tomorrow = new Date(t0.getTime() + 86_400_000);
    const scheduled = await publishDraft("anyang", "agency@example.com", {
      liveFrom: tomorrow,
      now: t0,
    });
    expect(scheduled.ok).toBe(true);
    expect(await defaultProblems("suwon", { default: true }, { now: t0 })).toEqual(taken);
    await loadStore(tomorrow);
    expect(await defaultProblems("suwon", { default: true }, { now: tomorrow })).toEqual([]);

    // A complex never published: its draft's mark counts (the registry serves that draft).
    expect(
      await createComplex(
        { id: "dongtan", name: "동탄", hosts: [], copyFrom: "suwon" },
        "agency@example.com",
      ),
    ).toEqual({ ok: true });
    await marked("dongtan", true);
    expect(await defaultProblems("suwon", { default: true }, { now: tomorrow })).toEqual([
      { path: "default", message: DEFAULT_SITE_MESSAGES.taken("dongtan") },
    ]);
  });
});
