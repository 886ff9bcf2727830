import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { stringify } from "yaml";
import yauzl from "yauzl";
import yazl from "yazl";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { MEDIA_MESSAGES } from "~/lib/media-upload";
import { processUpload } from "~/media/upload.server";
import { folderStore, type MediaStore } from "~/media/store.server";
import {
  contentKey,
  createComplex,
  getDraft,
  listVersions,
  loadStore,
  publishDraft,
  saveDraft,
  siteOfDocument,
  versionContent,
} from "./content-store.server";
import { exportZip, importSiteZip, PORTABLE_MESSAGES } from "./portable.server";
import { resetSites } from "./registry.server";

/*
 * A complex out as a zip and back (issue 29: "export then import gives the same pages"): the same
 * resolved content, so the same key and the same rendered pages (server/app.js reuses pages by
 * it); the zips it refuses, each with its Korean message; a folder import makes a draft and leaves
 * the published version alone.
 */

const run = promisify(execFile);

let dir: string;
let store: MediaStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "bunyang-portable-"));
  store = folderStore(dir);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  resetSites();
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a6ea5" } })
    .jpeg()
    .toBuffer();

/** A zip of `files` (name → bytes), as a person or another tool would make it. */
async function zipOf(files: Record<string, Buffer | string>) {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  return buffer(zip.outputStream);
}

/** A zip with `anyang/../evil.jpg` in it (yazl refuses to write one: its name is patched in). */
async function zipGoingOut() {
  const zip = await zipOf({ "anyang/site.yaml": "id: anyang\n", "anyang/XX/evil.jpg": "x" });
  return Buffer.from(zip.toString("latin1").replaceAll("anyang/XX/", "anyang/../"), "latin1");
}

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

type Doc = Record<string, unknown> & {
  home: { hero: { wide: Record<string, unknown> } };
  project: { siteName: string };
};

describe.each(engines())("a complex as a zip ($name)", (engine) => {
  const t = useTestDb(engine);
  const t0 = new Date("2026-11-28T01:00:00Z");
  const options = () => ({ store, now: t0 });

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
    const upload = await processUpload(await jpeg(1600, 900), { alt: "동탄 조감도", store });
    if (!upload.ok) throw new Error(upload.message);
    const draft = (await getDraft("dongtan"))!;
    const content = structuredClone(draft.content) as Doc;
    content.home.hero.wide = upload.image;
    expect((await saveDraft("dongtan", content, draft, "a@example.com", t0)).ok).toBe(true);
    expect((await publishDraft("dongtan", "a@example.com", { now: t0 })).ok).toBe(true);
    return { content, upload };
  }

  it("exports a console-made complex and imports it back with the same pages", async () => {
    const { content, upload } = await consoleComplex();
    const zip = await buffer(exportZip("dongtan", content, { store }));

    const names = await namesIn(zip);
    expect(names).toContain("dongtan/site.yaml");
    // The uploaded picture under its media name, the pictures copied from 수원 under theirs.
    expect(names).toContain(`dongtan/images/${upload.image.src.slice("media/".length)}`);
    expect(names).toContain("dongtan/images/brand/logo.svg");
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
    const zip = await buffer(exportZip("dongtan", content, { store }));
    // Another deployment: its own media store, the same sample folders.
    const other = folderStore(join(dir, "other"));
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

  it("refuses a zip with a path outside its folder, a file that is not a picture, or too large, in Korean", async () => {
    await loadStore(t0);
    const yaml = "id: anyang\n";
    const cases: [Buffer, string][] = [
      [await zipGoingOut(), "폴더 밖을 가리키는 경로가 있습니다: anyang/../evil.jpg"],
      [
        await zipOf({ "anyang/site.yaml": yaml, "anyang/images/run.sh": "#!/bin/sh" }),
        PORTABLE_MESSAGES.notPicture("anyang/images/run.sh"),
      ],
      [
        await zipOf({ "anyang/site.yaml": yaml, "anyang/images/a.jpg": Buffer.alloc(21 << 20) }),
        "사진이 너무 큽니다: anyang/images/a.jpg (21MB)",
      ],
      [Buffer.from("not a zip"), PORTABLE_MESSAGES.notZip],
      [await zipOf({ "readme.txt": "hi" }), PORTABLE_MESSAGES.noSiteFile],
      [Buffer.alloc(101 << 20), "zip 파일이 너무 큽니다 (101MB)"],
    ];
    for (const [zip, message] of cases) {
      const result = await importSiteZip(zip, { into: "anyang" }, "a@example.com", options());
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.problems[0]!.message).toContain(message);
    }
    expect((await getDraft("anyang"))!.revision).toBe(1);
  });

  it("refuses a picture that is not one by its content, and a document the build would refuse", async () => {
    await loadStore(t0);
    const anyang = (await getDraft("anyang"))!.content as Doc;
    const withPicture = structuredClone(anyang);
    withPicture.home.hero.wide = { src: "hero.jpg", alt: "조감도" };
    const fake = await zipOf({
      "anyang/site.yaml": JSON.stringify(withPicture),
      "anyang/images/hero.jpg": "<?php echo 1; ?>",
    });
    const refused = await importSiteZip(fake, { into: "anyang" }, "a@example.com", options());
    expect(refused).toEqual({
      ok: false,
      problems: [{ path: "file", message: `images/hero.jpg: ${MEDIA_MESSAGES.type()}` }],
    });

    const broken = structuredClone(anyang) as Doc & { contact: { phone: string } };
    broken.contact.phone = "전화";
    const bad = await zipOf({ "anyang/site.yaml": JSON.stringify(broken) });
    const result = await importSiteZip(bad, { into: "anyang" }, "a@example.com", options());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.path)).toContain("contact.phone");
    expect((await getDraft("anyang"))!.revision).toBe(1);
  });

  it("npm run sites -- import makes a changed folder a new draft and leaves the published version as it was", async () => {
    await loadStore(t0);
    const published = (await versionContent("anyang", 1)) as Doc;
    const folder = join(dir, "anyang");
    mkdirSync(folder);
    const changed = { ...published, project: { ...published.project, siteName: "새 이름" } };
    writeFileSync(join(folder, "site.yaml"), stringify(changed));

    const { stdout } = await run("npx", ["tsx", "scripts/sites.ts", "import", folder], {
      env: { ...process.env, ...t.env(), MEDIA_DIR: join(dir, "media") },
    });
    expect(stdout).toContain("anyang: 새 초안으로 가져왔습니다 (게시된 버전은 그대로입니다)");
    expect(((await getDraft("anyang"))!.content as Doc).project.siteName).toBe("새 이름");
    expect(await listVersions("anyang")).toHaveLength(1);
    expect(await versionContent("anyang", 1)).toEqual(published);
  });
});
