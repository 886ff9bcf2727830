import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { imageUrl, MEDIA_PATH } from "~/lib/images";
import { folderStore, mediaStore, setMediaStore } from "~/media/store.server";
import { engines, useTestDb } from "~/db/test-support";
import {
  diffContent,
  getDraft,
  importFolder,
  listVersions,
  publishDraft,
  restoreVersion,
  saveDraft,
  setServed,
  versionContent,
} from "./content-store.server";
import { identityStrings } from "~/lib/identity-strings";
import { onStoreChanged } from "./changes.server";
import { getCopySource } from "./copy-source.server";
import { keepEveryLeftover } from "./leftovers.test-support";
import { sitesRoot } from "~/sites/folders.server";
import { resetSites, siteById, siteForHost, siteState } from "~/sites/registry.server";
import { createSiteSync, loadStore } from "./sync.server";
import { createComplex } from "./complexes.server";

/*
 * The content store (issue 29): the samples imported on the first start, a draft saved without
 * touching the pages, a stale save refused with the other editor's fields, publishing checked whole,
 * scheduled, restored, and every instance following it.
 */

afterEach(() => resetSites());

type Doc = Record<string, unknown> & { identity: { phone: string; name: string } };

describe.each(engines())("content store ($name)", (engine) => {
  const testDb = useTestDb(engine);
  const t0 = new Date("2026-11-28T01:00:00Z");

  it("imports the sample folders once, published, and serves them from the database", async () => {
    const first = await loadStore(t0);
    expect(first.imported).toEqual(["anyang", "suwon"]);
    expect((await listVersions("anyang")).map((v) => v.version)).toEqual([1]);
    // A second start imports nothing: the database is the truth now.
    expect((await loadStore(t0)).imported).toEqual([]);
    expect(siteById("anyang")?.identity.phone).toBe("1600-0000");
    expect(siteState("anyang")).toBe("live");
  });

  it("saves a draft without publishing it; a save based on an older draft names the other editor's fields", async () => {
    await loadStore(t0);
    const draft = (await getDraft("anyang"))!;
    const mine = structuredClone(draft.content) as Doc;
    mine.identity.phone = "1600-1111";
    const saved = await saveDraft("anyang", mine, draft, "a@example.com", t0);
    expect(saved).toEqual({ ok: true, revision: draft.revision + 1 });
    // The served complex is unchanged until publishing.
    expect(siteById("anyang")?.identity.phone).toBe("1600-0000");

    const theirs = structuredClone(draft.content) as Doc;
    theirs.identity.name = "다른 이름";
    const stale = await saveDraft("anyang", theirs, draft, "b@example.com", t0);
    expect(stale.ok).toBe(false);
    if (stale.ok || stale.reason !== "stale") throw new Error("expected a stale save");
    expect(stale.changed.map((c) => c.path)).toEqual(["identity.phone"]);
    expect(stale.savedBy).toBe("a@example.com");
    // Nothing of the refused save reached the draft.
    expect(((await getDraft("anyang"))!.content as Doc).identity.name).not.toBe("다른 이름");
  });

  it("refuses to publish a bad phone with the Korean message naming its field, and publishes a good draft to every instance", async () => {
    await loadStore(t0);
    const other = createSiteSync((await loadStore(t0)).keys);
    const draft = (await getDraft("anyang"))!;
    const bad = structuredClone(draft.content) as Doc;
    bad.identity.phone = "전화번호아님";
    await saveDraft("anyang", bad, draft, "a@example.com", t0);
    const refused = await publishDraft("anyang", "a@example.com", { now: t0 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems).toContainEqual({
      path: "identity.phone",
      message: "전화번호 형식이 아닙니다",
      described: 'identity.phone "전화번호아님"은 전화번호 형식이 아닙니다',
    });

    const now = (await getDraft("anyang"))!;
    const good = structuredClone(now.content) as Doc;
    good.identity.phone = "1600-2222";
    await saveDraft("anyang", good, now, "a@example.com", t0);
    const published = await publishDraft("anyang", "a@example.com", { note: "번호 변경", now: t0 });
    expect(published).toMatchObject({ ok: true, version: 2 });
    // Another instance's sync picks it up and answers the complex to render again.
    expect(await other.sync(t0)).toContain("anyang");
    expect(siteById("anyang")?.identity.phone).toBe("1600-2222");
    expect(await other.sync(t0)).toEqual([]);
  });

  it("tells this instance's server at once of a publish, a complex taken down and put back, and not of a refused publish or a saved draft", async () => {
    await loadStore(t0);
    const told: string[] = [];
    const stop = onStoreChanged(() => told.push("changed"));
    try {
      const draft = (await getDraft("anyang"))!;
      const bad = structuredClone(draft.content) as Doc;
      bad.identity.phone = "전화번호아님";
      await saveDraft("anyang", bad, draft, "a@example.com", t0);
      expect((await publishDraft("anyang", "a@example.com", { now: t0 })).ok).toBe(false);
      expect(told).toEqual([]);
      const now = (await getDraft("anyang"))!;
      const good = structuredClone(now.content) as Doc;
      good.identity.phone = "1600-2222";
      await saveDraft("anyang", good, now, "a@example.com", t0);
      expect(told).toEqual([]);
      expect((await publishDraft("anyang", "a@example.com", { now: t0 })).ok).toBe(true);
      expect(told).toEqual(["changed"]);
      await setServed("anyang", false, t0);
      await setServed("anyang", true, t0);
      expect(told).toHaveLength(3);
    } finally {
      stop();
    }
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
    next.identity.phone = "1600-3333";
    await saveDraft("suwon", next, draft, "a@example.com", t0);
    const at = new Date("2026-12-01T00:00:00Z"); // 09:00 KST, the day of 청약
    await publishDraft("suwon", "a@example.com", { liveFrom: at, now: t0 });
    expect(await sync.sync(new Date(at.getTime() - 1000))).toEqual([]);
    expect(siteById("suwon")?.identity.phone).not.toBe("1600-3333");
    expect(await sync.sync(at)).toContain("suwon");
    expect(siteById("suwon")?.identity.phone).toBe("1600-3333");
  });

  it("lists the fields changed between two versions, and restores an old version as the draft", async () => {
    await loadStore(t0);
    const draft = (await getDraft("anyang"))!;
    const next = structuredClone(draft.content) as Doc;
    next.identity.phone = "1600-4444";
    await saveDraft("anyang", next, draft, "a@example.com", t0);
    await publishDraft("anyang", "a@example.com", { now: t0 });
    const changes = diffContent(
      await versionContent("anyang", 1),
      await versionContent("anyang", 2),
    );
    expect(changes).toEqual([{ path: "identity.phone", old: "1600-0000", new: "1600-4444" }]);
    const restored = await restoreVersion("anyang", 1, "a@example.com", {
      keepAddress: false,
      now: t0,
    });
    expect(restored.ok).toBe(true);
    expect(((await getDraft("anyang"))!.content as Doc).identity.phone).toBe("1600-0000");
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
    // The copy shows anyang's own pictures until its own are uploaded, but never its logo or
    // share image: those are drawn from the copy's own identity (drawn-pictures.server.ts).
    const [copy, anyang] = [siteById("dongtan")!, siteById("anyang")!];
    expect(copy.home.hero.wide.src).toBe(anyang.home.hero.wide.src);
    // The name asked for is its 단지명, which its logo is drawn from.
    expect(copy.identity.name).toBe("동탄 레이크 센트럴");
    expect(anyang.identity.logo?.src).toBe("sites/anyang/brand/logo.svg");
    expect(copy.identity.logo?.src).toMatch(/^media\/[0-9a-f]{16}-180x40\.svg$/);
    expect(copy.seo.ogImage.src).toMatch(/^media\/[0-9a-f]{16}-1200x630\.jpg$/);
    // Its document names no logo (단지 기본 정보's 로고 left empty) and no file for its share image.
    const copied = (await getDraft("dongtan"))!.content as Doc;
    expect(copied.identity).not.toHaveProperty("logo");
    expect(copied).toMatchObject({ seo: { ogImage: { src: "photo/og-image.svg" } } });
    // anyang's 입주자 모집공고 is anyang's own: the copy has none until its own is uploaded, and its
    // press addresses are its own (/dongtan/press).
    expect(anyang.announcement.document?.pages.length).toBeGreaterThan(0);
    expect(copy.announcement).not.toHaveProperty("document");
    expect(copy.announcement.pdfUrl).toBe("");
    expect(copy.press).toMatchObject({ defaultSite: "dongtan", sites: ["dongtan"] });

    // Refused while anyang's name and facts are in it, unless marked kept (copy-source.server.test.ts).
    expect(await publishDraft("dongtan", "a@example.com", { now: t0 })).toMatchObject({
      ok: false,
    });

    // Its name and brand changed, then published: drawn from them into the media store.
    const draft = (await getDraft("dongtan"))!;
    const named = structuredClone(draft.content) as Doc & { identity: { brand: string } };
    named.identity.name = "레이크시티 동탄 센트럴";
    named.identity.brand = "레이크시티";
    expect((await saveDraft("dongtan", named, draft, "a@example.com", t0)).ok).toBe(true);
    await keepEveryLeftover("dongtan");
    const media = mkdtempSync(join(tmpdir(), "drawn-"));
    setMediaStore(folderStore(media));
    try {
      expect(await publishDraft("dongtan", "a@example.com", { now: t0 })).toMatchObject({
        ok: true,
      });
      await sync.sync(t0);
      const published = siteById("dongtan")!;
      expect(published.identity.logo?.src).not.toBe(copy.identity.logo?.src);
      const logo = await mediaStore().get(published.identity.logo!.src);
      expect(logo?.contentType).toBe("image/svg+xml");
      expect(logo?.bytes.toString()).toContain("<title>레이크시티 동탄 센트럴</title>");
      expect(logo?.bytes.toString()).not.toContain("<text");
      const og = imageUrl(published.seo.ogImage, 1200, "jpg").slice(MEDIA_PATH.length);
      const share = await mediaStore().get(`media/${og}`);
      expect(await sharp(share!.bytes).metadata()).toMatchObject({
        format: "jpeg",
        width: 1200,
        height: 630,
      });
    } finally {
      setMediaStore(undefined);
      rmSync(media, { recursive: true, force: true });
    }
    expect(siteState("dongtan")).toBe("live");
    expect(siteById("dongtan")?.identity.name).toBe("레이크시티 동탄 센트럴");

    await setServed("dongtan", false, t0);
    await sync.sync(t0);
    expect(siteState("dongtan")).toBe("unpublished");
  });

  it("makes a new complex blank: no copy source, none of the samples' facts, 게시 once its numbers are real", async () => {
    const sync = createSiteSync((await loadStore(t0)).keys);
    const made = await createComplex(
      { id: "dongtan", name: "동탄 레이크 센트럴", hosts: ["dongtan.example.com"], copyFrom: "" },
      "a@example.com",
      t0,
    );
    expect(made).toEqual({ ok: true });
    expect(await getCopySource("dongtan")).toBeUndefined();
    const draft = (await getDraft("dongtan"))!;
    const text = JSON.stringify(draft.content);
    const samples = [(await getDraft("anyang"))!.content, (await getDraft("suwon"))!.content];
    for (const fact of samples.flatMap((doc) => identityStrings(doc).map((f) => f.value)))
      expect(text, fact).not.toContain(fact);
    // Served as a draft on its host (준비 중) without a console error, named as asked.
    expect(await sync.sync(t0)).toContain("dongtan");
    expect(siteState("dongtan")).toBe("draft");
    expect(siteForHost("dongtan.example.com").identity.name).toBe("동탄 레이크 센트럴");

    // Its placeholder numbers are refused at 게시, each at its field.
    const refused = await publishDraft("dongtan", "a@example.com", { now: t0 });
    expect(refused.ok ? [] : refused.problems.map((p) => p.path)).toEqual([
      "identity.phone",
      "privacy.optOutNumber",
    ]);
    const numbered = structuredClone(draft.content) as Doc & { privacy: { optOutNumber: string } };
    numbered.identity.phone = "031-555-1234";
    numbered.privacy.optOutNumber = "080-123-4567";
    expect((await saveDraft("dongtan", numbered, draft, "a@example.com", t0)).ok).toBe(true);
    const media = mkdtempSync(join(tmpdir(), "drawn-"));
    setMediaStore(folderStore(media));
    try {
      expect(await publishDraft("dongtan", "a@example.com", { now: t0 })).toMatchObject({
        ok: true,
      });
    } finally {
      setMediaStore(undefined);
      rmSync(media, { recursive: true, force: true });
    }
    await sync.sync(t0);
    expect(siteState("dongtan")).toBe("live");
  });

  it("reads a draft and a version stored before 단지 기본 정보 in today's shape, which publishes", async () => {
    await loadStore(t0);
    const { identity: i, ...rest } = (await getDraft("anyang"))!.content as Doc & {
      identity: Record<string, unknown>;
      project: object;
      modelHouse: object;
      contact: object;
      images: object;
    };
    const before = {
      ...rest,
      project: { ...rest.project, complexName: i.name, siteName: i.name, brandName: i.brand },
      modelHouse: { ...rest.modelHouse, address: i.modelHouseAddress },
      contact: { ...rest.contact, phone: i.phone },
      business: i.business,
      images: { ...rest.images, logo: i.logo },
    };
    Object.assign(before.project, {
      address: i.address,
      developer: i.developer,
      constructor: i.builder,
    });
    const stored = JSON.stringify(before);
    await testDb
      .db()
      .run("UPDATE site_documents SET draft = $1 WHERE site_id = $2", [stored, "anyang"]);
    await testDb
      .db()
      .run("UPDATE site_versions SET content = $1 WHERE site_id = $2", [stored, "anyang"]);
    const draft = (await getDraft("anyang"))!;
    expect(draft.content).not.toHaveProperty("business");
    expect((draft.content as Doc).identity).toMatchObject({ name: i.name, phone: i.phone });
    expect((await versionContent("anyang", 1)) as Doc).toMatchObject({
      identity: { name: i.name },
    });
    const published = await publishDraft("anyang", "a@example.com", { now: t0 });
    expect(published, JSON.stringify(published)).toMatchObject({ ok: true });
    expect(siteById("anyang")?.identity.phone).toBe(i.phone);
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
