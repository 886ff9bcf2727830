import { afterEach, describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import {
  createComplex,
  createSiteSync,
  diffContent,
  getDraft,
  importFolder,
  listVersions,
  loadStore,
  publishDraft,
  restoreVersion,
  saveDraft,
  setServed,
  versionContent,
} from "./content-store.server";
import { resetSites, siteById, siteForHost, siteState, sitesRoot } from "./registry.server";

/*
 * The content store (issue 29): the samples imported on the first start, a draft saved without
 * touching the pages, a stale save refused with the other editor's fields, publishing checked whole,
 * scheduled, restored, and every instance following it.
 */

afterEach(() => resetSites());

type Doc = Record<string, unknown> & { contact: { phone: string }; project: { siteName: string } };

describe.each(engines())("content store ($name)", (engine) => {
  useTestDb(engine);
  const t0 = new Date("2026-11-28T01:00:00Z");

  it("imports the sample folders once, published, and serves them from the database", async () => {
    const first = await loadStore(t0);
    expect(first.imported).toEqual(["anyang", "suwon"]);
    expect((await listVersions("anyang")).map((v) => v.version)).toEqual([1]);
    // A second start imports nothing: the database is the truth now.
    expect((await loadStore(t0)).imported).toEqual([]);
    expect(siteById("anyang")?.contact.phone).toBe("1600-0000");
    expect(siteState("anyang")).toBe("live");
  });

  it("saves a draft without publishing it; a save based on an older draft names the other editor's fields", async () => {
    await loadStore(t0);
    const draft = (await getDraft("anyang"))!;
    const mine = structuredClone(draft.content) as Doc;
    mine.contact.phone = "1600-1111";
    const saved = await saveDraft("anyang", mine, draft, "a@example.com", t0);
    expect(saved).toEqual({ ok: true, revision: draft.revision + 1 });
    // The served complex is unchanged until publishing.
    expect(siteById("anyang")?.contact.phone).toBe("1600-0000");

    const theirs = structuredClone(draft.content) as Doc;
    theirs.project.siteName = "다른 이름";
    const stale = await saveDraft("anyang", theirs, draft, "b@example.com", t0);
    expect(stale.ok).toBe(false);
    if (stale.ok || stale.reason !== "stale") throw new Error("expected a stale save");
    expect(stale.changed.map((c) => c.path)).toEqual(["contact.phone"]);
    expect(stale.savedBy).toBe("a@example.com");
    // Nothing of the refused save reached the draft.
    expect(((await getDraft("anyang"))!.content as Doc).project.siteName).not.toBe("다른 이름");
  });

  it("refuses to publish a bad phone with the Korean message naming its field, and publishes a good draft to every instance", async () => {
    await loadStore(t0);
    const other = createSiteSync((await loadStore(t0)).keys);
    const draft = (await getDraft("anyang"))!;
    const bad = structuredClone(draft.content) as Doc;
    bad.contact.phone = "전화번호아님";
    await saveDraft("anyang", bad, draft, "a@example.com", t0);
    const refused = await publishDraft("anyang", "a@example.com", { now: t0 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems).toContainEqual({
      path: "contact.phone",
      message: "전화번호 형식이 아닙니다",
      described: 'contact.phone "전화번호아님"은 전화번호 형식이 아닙니다',
    });

    const now = (await getDraft("anyang"))!;
    const good = structuredClone(now.content) as Doc;
    good.contact.phone = "1600-2222";
    await saveDraft("anyang", good, now, "a@example.com", t0);
    const published = await publishDraft("anyang", "a@example.com", { note: "번호 변경", now: t0 });
    expect(published).toMatchObject({ ok: true, version: 2 });
    // Another instance's sync picks it up and answers the complex to render again.
    expect(await other.sync(t0)).toContain("anyang");
    expect(siteById("anyang")?.contact.phone).toBe("1600-2222");
    expect(await other.sync(t0)).toEqual([]);
  });

  it("refuses to publish a unit type that does not exist or a picture without its alt text, each at its field", async () => {
    await loadStore(t0);
    const draft = (await getDraft("anyang"))!;
    const bad = structuredClone(draft.content) as Doc & {
      videoTabs: { unitKey?: string }[];
      home: { hero: { wide: { alt: string } } };
    };
    bad.videoTabs[1]!.unitKey = "999Z";
    bad.home.hero.wide.alt = "";
    await saveDraft("anyang", bad, draft, "a@example.com", t0);
    const refused = await publishDraft("anyang", "a@example.com", { now: t0 });
    if (refused.ok) throw new Error("published a bad draft");
    expect(refused.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: "videoTabs.1.unitKey",
          message: "없는 주택형입니다: 999Z",
        }),
        expect.objectContaining({
          path: "home.hero.wide.alt",
          message: "대체 텍스트를 입력해 주세요",
        }),
      ]),
    );
    // Nothing was published: the served complex keeps its version.
    expect((await listVersions("anyang")).map((v) => v.version)).toEqual([1]);
  });

  it("serves a scheduled version from its time, not before", async () => {
    await loadStore(t0);
    const sync = createSiteSync((await loadStore(t0)).keys);
    const draft = (await getDraft("suwon"))!;
    const next = structuredClone(draft.content) as Doc;
    next.contact.phone = "1600-3333";
    await saveDraft("suwon", next, draft, "a@example.com", t0);
    const at = new Date("2026-12-01T00:00:00Z"); // 09:00 KST, the day of 청약
    await publishDraft("suwon", "a@example.com", { liveFrom: at, now: t0 });
    expect(await sync.sync(new Date(at.getTime() - 1000))).toEqual([]);
    expect(siteById("suwon")?.contact.phone).not.toBe("1600-3333");
    expect(await sync.sync(at)).toContain("suwon");
    expect(siteById("suwon")?.contact.phone).toBe("1600-3333");
  });

  it("lists the fields changed between two versions, and restores an old version as the draft", async () => {
    await loadStore(t0);
    const draft = (await getDraft("anyang"))!;
    const next = structuredClone(draft.content) as Doc;
    next.contact.phone = "1600-4444";
    await saveDraft("anyang", next, draft, "a@example.com", t0);
    await publishDraft("anyang", "a@example.com", { now: t0 });
    const changes = diffContent(
      await versionContent("anyang", 1),
      await versionContent("anyang", 2),
    );
    expect(changes).toEqual([{ path: "contact.phone", old: "1600-0000", new: "1600-4444" }]);
    const restored = await restoreVersion("anyang", 1, "a@example.com", t0);
    expect(restored.ok).toBe(true);
    expect(((await getDraft("anyang"))!.content as Doc).contact.phone).toBe("1600-0000");
  });

  it("makes a new complex as a copy, 준비 중 until published, then served on its host", async () => {
    await loadStore(t0);
    const sync = createSiteSync((await loadStore(t0)).keys);
    const refused = await createComplex(
      { id: "Dongtan!", name: "", hosts: ["suwon.example.com"], copyFrom: "nowhere" },
      "a@example.com",
      t0,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.problems.map((p) => p.path).sort()).toEqual(["copyFrom", "id", "name"]);

    const made = await createComplex(
      {
        id: "dongtan",
        name: "동탄 레이크 센트럴",
        hosts: ["dongtan.example.com"],
        copyFrom: "anyang",
      },
      "a@example.com",
      t0,
    );
    expect(made).toEqual({ ok: true });
    expect(await sync.sync(t0)).toContain("dongtan");
    expect(siteState("dongtan")).toBe("draft");
    expect(siteForHost("dongtan.example.com").id).toBe("dongtan");
    // The copy shows anyang's own pictures until its own are uploaded.
    expect(siteById("dongtan")?.images.logo.src).toBe(siteById("anyang")?.images.logo.src);

    expect(await publishDraft("dongtan", "a@example.com", { now: t0 })).toMatchObject({ ok: true });
    await sync.sync(t0);
    expect(siteState("dongtan")).toBe("live");
    expect(siteById("dongtan")?.project.siteName).toBe("동탄 레이크 센트럴");

    await setServed("dongtan", false, t0);
    await sync.sync(t0);
    expect(siteState("dongtan")).toBe("unpublished");
  });

  it("imports a folder again as a new draft, never over the published version", async () => {
    await loadStore(t0);
    const before = (await getDraft("anyang"))!.revision;
    const done = await importFolder("anyang", `${sitesRoot()}/anyang`, "a@example.com", t0);
    expect(done).toEqual({ ok: true, created: false });
    expect((await getDraft("anyang"))!.revision).toBe(before + 1);
    expect((await listVersions("anyang")).length).toBe(1);
  });
});
