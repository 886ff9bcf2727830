import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { stringify } from "yaml";
import yauzl from "yauzl";
import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { processUpload } from "~/media/upload.server";
import { folderStore } from "~/media/store.server";
import {
  contentKey,
  getDraft,
  listVersions,
  publishDraft,
  saveDraft,
  siteOfDocument,
  versionContent,
} from "./content-store.server";
import { keepEveryLeftover } from "./leftovers.test-support";
import { exportZip, importSiteZip } from "./portable.server";
import { t0, setUpTempFolder, zipOf, type Doc } from "./portable.test-support";
import { loadStore } from "./sync.server";
import { createComplex } from "./complexes.server";

/*
 * A complex out as a zip and back (issue 29: "export then import gives the same pages"): the same
 * resolved content, so the same key and the same rendered pages (server/app.js reuses pages by
 * it); the zips it refuses, each with its Korean message; a folder import makes a draft and leaves
 * the published version alone.
 */

const run = promisify(execFile);

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a6ea5" } })
    .jpeg()
    .toBuffer();

/** The names in a zip. */
async function namesIn(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on("entry", (e: yauzl.Entry) => names.push(e.fileName));
      zip.on("end", () => resolve(names.sort()));
    }),
  );
}

const tmp = setUpTempFolder();

describe.each(engines())("a complex as a zip ($name)", (engine) => {
  const t = useTestDb(engine);
  const options = () => ({ store: tmp.store, now: t0 });

  /** 동탄, made in the console from 수원 (its pictures), with an uploaded hero, published. */
  async function consoleComplex() {
    await loadStore(t0);
    const made = await createComplex(
      {
        id: "dongtan",
        name: "동탄 레이크 센트럴",
        hosts: ["dongtan.example.com"],
        copyFrom: "suwon",
      },
      "a@example.com",
      t0,
    );
    expect(made).toEqual({ ok: true });
    const upload = await processUpload(await jpeg(1600, 900), {
      alt: "동탄 조감도",
      store: tmp.store,
    });
    if (!upload.ok) throw new Error(upload.message);
    const draft = (await getDraft("dongtan"))!;
    const content = structuredClone(draft.content) as Doc;
    content.home.hero.wide = upload.image;
    expect((await saveDraft("dongtan", content, draft, "a@example.com", t0)).ok).toBe(true);
    await keepEveryLeftover("dongtan");
    expect((await publishDraft("dongtan", "a@example.com", { now: t0 })).ok).toBe(true);
    return { content, upload };
  }

  it("exports a console-made complex and imports it back with the same pages", async () => {
    const { content, upload } = await consoleComplex();
    const zip = await buffer(exportZip("dongtan", content, { store: tmp.store }));

    const names = await namesIn(zip);
    expect(names).toContain("dongtan/site.yaml");
    // The uploaded picture under its media name, the pictures copied from 수원 under theirs; not
    // 수원's logo: the copy's is drawn from its own identity, and drawn again where it is imported.
    expect(names).toContain(`dongtan/images/${upload.image.src.slice("media/".length)}`);
    expect(names).toContain("dongtan/images/plans/site-plan.svg");
    expect(names).not.toContain("dongtan/images/brand/logo.svg");
    expect(names.every((n) => n === "dongtan/site.yaml" || n.startsWith("dongtan/images/"))).toBe(
      true,
    );

    const imported = await importSiteZip(zip, { into: "dongtan" }, "b@example.com", options());
    expect(imported).toEqual({ ok: true, siteId: "dongtan", created: false, uploaded: 0 });
    const after = (await getDraft("dongtan"))!.content;
    const before = siteOfDocument("dongtan", (await versionContent("dongtan", 1))!);
    expect(siteOfDocument("dongtan", after)).toEqual(before);
    expect(contentKey(siteOfDocument("dongtan", after))).toBe(contentKey(before));
  });

  it("imports an exported complex as a new one into an empty media store, pictures uploaded again", async () => {
    const { content, upload } = await consoleComplex();
    // Its own host: in this one database 동탄's is taken (app/sites/hosts.server.ts).
    const zip = await buffer(
      exportZip("dongtan", { ...content, hosts: ["hwaseong.example.com"] }, { store: tmp.store }),
    );
    // Another deployment: its own media store, the same sample folders.
    const other = folderStore(join(tmp.dir, "other"));
    const imported = await importSiteZip(zip, { create: true, id: "hwaseong" }, "b@example.com", {
      store: other,
      now: t0,
    });
    expect(imported).toEqual({ ok: true, siteId: "hwaseong", created: true, uploaded: 1 });
    const draft = (await getDraft("hwaseong"))!.content as Doc;
    // The same bytes, the same name: the same addresses on the pages.
    expect(draft.home.hero.wide.src).toBe(upload.image.src);
    expect(await other.has(upload.image.src)).toBe(true);
    expect(await listVersions("hwaseong")).toEqual([]);
  });

  it("a zip exported before 단지 기본 정보 comes in as a draft of today's shape", async () => {
    await loadStore(t0);
    const today = (await versionContent("anyang", 1)) as Doc & Record<string, object>;
    const { identity: i, ...rest } = today as unknown as {
      identity: Record<string, unknown>;
    } & Record<string, object>;
    const before = {
      ...rest,
      project: {
        ...rest.project,
        complexName: i.name,
        siteName: i.name,
        brandName: i.brand,
        address: i.address,
      },
      modelHouse: { ...rest.modelHouse, address: i.modelHouseAddress },
      contact: { ...rest.contact, phone: "1588-1234" },
      business: i.business,
      images: { ...rest.images, logo: i.logo },
    };
    Object.assign(before.project, { developer: i.developer, constructor: i.builder });
    const zip = await zipOf({ "anyang/site.yaml": stringify(before) });
    const result = await importSiteZip(zip, { into: "anyang" }, "a@example.com", options());
    expect(result).toMatchObject({ ok: true });
    const draft = (await getDraft("anyang"))!.content as Doc & Record<string, unknown>;
    expect(draft.identity).toMatchObject({ name: i.name, phone: "1588-1234", builder: i.builder });
    expect(draft).not.toHaveProperty("business");
    // Stored so, not only read so.
    const row = await t
      .db()
      .get<{ draft: string }>("SELECT draft FROM site_documents WHERE site_id = $1", ["anyang"]);
    expect(JSON.parse(row!.draft)).toHaveProperty("identity.phone", "1588-1234");
  });

  it("npm run sites -- import makes a changed folder a new draft and leaves the published version as it was", async () => {
    await loadStore(t0);
    const published = (await versionContent("anyang", 1)) as Doc;
    const folder = join(tmp.dir, "anyang");
    mkdirSync(folder);
    const changed = { ...published, identity: { ...published.identity, name: "새 이름" } };
    writeFileSync(join(folder, "site.yaml"), stringify(changed));

    const { stdout } = await run("npx", ["tsx", "scripts/sites.ts", "import", folder], {
      env: { ...process.env, ...t.env(), MEDIA_DIR: join(tmp.dir, "media") },
    });
    expect(stdout).toContain("anyang: 새 초안으로 가져왔습니다 (게시된 버전은 그대로입니다)");
    expect(((await getDraft("anyang"))!.content as Doc).identity.name).toBe("새 이름");
    expect(await listVersions("anyang")).toHaveLength(1);
    expect(await versionContent("anyang", 1)).toEqual(published);
  });
});
