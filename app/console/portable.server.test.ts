import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { MEDIA_MESSAGES } from "~/lib/media-upload";
import { processUpload } from "~/media/upload.server";
import { folderStore, type MediaStore } from "~/media/store.server";
import {
  contentKey,
  documentProblems,
  getDraft,
  listVersions,
  publishDraft,
  saveDraft,
  siteOfDocument,
  versionContent,
} from "./content-store.server";
import { keepEveryLeftover } from "./leftovers.test-support";
import { exportZip, importSiteZip } from "./portable.server";
import { PORTABLE_MESSAGES } from "./portable-messages.server";
import { resetSites } from "~/sites/registry.server";
import { loadStore } from "./sync.server";
import { createComplex } from "./complexes.server";

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

/** `zip` with every `from` in its names (local headers and directory) made the bytes `to`. */
const patchedName = (zip: Buffer, from: string, to: Buffer) =>
  Buffer.from(zip.toString("latin1").replaceAll(from, to.toString("latin1")), "latin1");

/**
 * Runs `fn` with its own temporary folder (os.tmpdir() reads TMPDIR on every call); answers what
 * `fn` answered and the `bunyang-import-*` folders it left there.
 */
async function withTmpdir<T>(fn: () => Promise<T>): Promise<{ value: T; left: string[] }> {
  const before = process.env.TMPDIR;
  const own = mkdtempSync(join(tmpdir(), "bunyang-tmpdir-"));
  process.env.TMPDIR = own;
  try {
    const value = await fn();
    return { value, left: readdirSync(own).filter((n) => n.startsWith("bunyang-import-")) };
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(own, { recursive: true, force: true });
  }
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
  identity: { name: string; phone: string };
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
    await keepEveryLeftover("dongtan");
    expect((await publishDraft("dongtan", "a@example.com", { now: t0 })).ok).toBe(true);
    return { content, upload };
  }

  it("exports a console-made complex and imports it back with the same pages", async () => {
    const { content, upload } = await consoleComplex();
    const zip = await buffer(exportZip("dongtan", content, { store }));

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
      exportZip("dongtan", { ...content, hosts: ["hwaseong.example.com"] }, { store }),
    );
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

  /** Anyang's document with its home hero `hero.png`, a picture the zip holds. */
  async function withHero() {
    const anyang = structuredClone((await getDraft("anyang"))!.content) as Doc;
    anyang.home.hero.wide = { src: "hero.png", alt: "조감도" };
    return JSON.stringify(anyang);
  }
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6ea5" } })
      .png()
      .toBuffer();

  it("refuses a zip whose names cannot be written as they are (a file that is also a folder, a NUL, not UTF-8, twice), in Korean, writing nothing", async () => {
    await loadStore(t0);
    const yaml = await withHero();
    const hero = await png();
    const nul = await zipOf({
      "anyang/site.yaml": yaml,
      "anyang/images/hero.png": hero,
      "anyang/images/a\u0000.png": hero,
    });
    // `가` in CP949 (an old Windows zip tool's Korean), with the zip saying its names are UTF-8.
    const cp949 = patchedName(
      await zipOf({
        "anyang/site.yaml": yaml,
        "anyang/images/hero.png": hero,
        "anyang/images/XX.png": hero,
      }),
      "XX",
      Buffer.from([0xb0, 0xa1]),
    );
    const twice = new yazl.ZipFile();
    twice.addBuffer(Buffer.from(yaml), "anyang/site.yaml");
    twice.addBuffer(hero, "anyang/images/hero.png");
    twice.addBuffer(hero, "anyang/images/hero.png");
    twice.end();
    const rule = "(UTF-8 글자로, 제어 문자 없이 쓴 이름만 넣을 수 있습니다)";
    const cases: [Buffer, string][] = [
      [
        await zipOf({
          "anyang/site.yaml": yaml,
          "anyang/images/hero.png": hero,
          "anyang/images/hero.png/y.png": hero,
        }),
        "파일과 폴더의 이름이 같습니다: anyang/images/hero.png (파일 아래에 다른 파일을 둘 수 없습니다)",
      ],
      // The NUL written out in the message, never sent as it is.
      [nul, `파일 이름을 읽을 수 없습니다: anyang/images/a\\u0000.png ${rule}`],
      [cp949, `파일 이름을 읽을 수 없습니다: anyang/images/\ufffd\ufffd.png ${rule}`],
      [
        await buffer(twice.outputStream),
        "같은 이름의 파일이 zip에 두 번 있습니다: anyang/images/hero.png",
      ],
      [
        await zipOf({
          "anyang/site.yaml": yaml,
          "anyang/images/hero.png": hero,
          "anyang/images/HERO.png": hero,
        }),
        "같은 이름의 파일이 zip에 두 번 있습니다: anyang/images/HERO.png",
      ],
    ];
    const media = folderStore(join(dir, "media"));
    for (const [zip, message] of cases) {
      const { value: result, left } = await withTmpdir(() =>
        importSiteZip(zip, { into: "anyang" }, "a@example.com", { store: media, now: t0 }),
      );
      expect(result).toEqual({ ok: false, problems: [{ path: "file", message }] });
      expect(left).toEqual([]);
    }
    expect((await getDraft("anyang"))!.revision).toBe(1);
    expect(readdirSync(dir)).toEqual([]);

    // The same zip with its names right is taken, its picture uploaded, and nothing left behind.
    const good = await zipOf({ "anyang/site.yaml": yaml, "anyang/images/hero.png": hero });
    const { value: taken, left } = await withTmpdir(() =>
      importSiteZip(good, { into: "anyang" }, "a@example.com", { store: media, now: t0 }),
    );
    expect(taken).toEqual({ ok: true, siteId: "anyang", created: false, uploaded: 1 });
    expect(left).toEqual([]);
  });

  it("removes its temporary folder when a picture fails to unpack after others were written", async () => {
    await loadStore(t0);
    const yaml = await withHero();
    // The last entry's deflated bytes broken: yauzl fails while the first ones are on disk.
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(yaml), "anyang/site.yaml", { compress: false });
    zip.addBuffer(await png(), "anyang/images/hero.png", { compress: false });
    zip.addBuffer(Buffer.from("꽉 찬 그림 ".repeat(4000)), "anyang/images/last.png");
    zip.end();
    const bytes = await buffer(zip.outputStream);
    const at = bytes.lastIndexOf(
      Buffer.from("anyang/images/last.png"),
      bytes.indexOf(Buffer.from("PK\x01\x02", "latin1")),
    );
    bytes.fill(0xff, at + 40, at + 80);
    const { value: result, left } = await withTmpdir(() =>
      importSiteZip(bytes, { into: "anyang" }, "a@example.com", options()),
    );
    expect(result).toEqual({
      ok: false,
      problems: [{ path: "file", message: PORTABLE_MESSAGES.notZip }],
    });
    expect(left).toEqual([]);
    expect((await getDraft("anyang"))!.revision).toBe(1);
  });

  it("refuses a picture whose src leads out of the complex's folder the same way whether its file exists, on import, save and publish", async () => {
    await loadStore(t0);
    const anyang = (await getDraft("anyang"))!.content as Doc;
    // A real picture outside every complex's folder, and one that is not there.
    const there = join(dir, "secret.png");
    writeFileSync(there, await png());
    const srcOf = (file: string) => `sites/anyang/${"../".repeat(16)}${file.slice(1)}`;
    const media = folderStore(join(dir, "media"));
    for (const size of [{}, { width: 40, height: 30 }]) {
      const answers = [];
      for (const file of [there, join(dir, "missing.png")]) {
        const doc = structuredClone(anyang);
        doc.home.hero.wide = { src: srcOf(file), alt: "조감도", ...size };
        const zip = await zipOf({ "anyang/site.yaml": JSON.stringify(doc) });
        const imported = await importSiteZip(zip, { into: "anyang" }, "a@example.com", {
          store: media,
          now: t0,
        });
        // The content form: the draft saved, its problems shown (the same check), publish refused.
        const shown = documentProblems("anyang", doc).map((p) => [p.path, p.message]);
        const draft = (await getDraft("anyang"))!;
        expect((await saveDraft("anyang", doc, draft, "a@example.com", t0)).ok).toBe(true);
        const published = await publishDraft("anyang", "a@example.com", { now: t0 });
        answers.push({
          imported,
          shown,
          published: !published.ok && published.problems.map((p) => [p.path, p.message]),
        });
      }
      expect(answers[0]!.imported).toEqual({
        ok: false,
        problems: [{ path: "home.hero.wide.src", message: PORTABLE_MESSAGES.pictureOutside }],
      });
      expect(answers[0]!.shown).toContainEqual([
        "home.hero.wide.src",
        "사진 파일이 없습니다. 사진을 다시 올려 주세요.",
      ]);
      expect(answers[0]!.published).toEqual(answers[0]!.shown);
      expect(answers[1]).toEqual(answers[0]);
    }
    expect(readdirSync(dir)).toEqual(["secret.png"]);
    expect(await listVersions("anyang")).toHaveLength(1);
  });

  /**
   * The deployment's folders (SITES_DIR) with a folder that is no complex's (`private`, a picture
   * and a folder in it) and folders named like pictures; what the console shows for a document
   * whose home hero has `src` (and `size`): on import (a zip), and on the content form's save (the
   * same check's problems), each problem's field and message.
   */
  async function pictureAnswers() {
    const root = join(dir, "sites");
    cpSync("sites", root, { recursive: true });
    mkdirSync(join(root, "private", "images", "folder.png"), { recursive: true });
    writeFileSync(join(root, "private", "images", "secret.png"), await png());
    mkdirSync(join(root, "anyang", "images", "photo.png"), { recursive: true });
    mkdirSync(join(root, "suwon", "images", "folder.jpg"), { recursive: true });
    setTestEnv({ SITES_DIR: root });
    await loadStore(t0);
    const anyang = (await getDraft("anyang"))!.content as Doc;
    const media = folderStore(join(dir, "media"));
    const answer = async (src: string, size = {}) => {
      const doc = structuredClone(anyang);
      doc.home.hero.wide = { src, alt: "조감도", ...size };
      const zip = await zipOf({ "anyang/site.yaml": JSON.stringify(doc) });
      const imported = await importSiteZip(zip, { into: "anyang" }, "a@example.com", {
        store: media,
        now: t0,
      });
      // What the console shows: each problem's field and message (import, and the content form's
      // save, which shows the same check's problems).
      const shown = documentProblems("anyang", doc).map((p) => [p.path, p.message]);
      return {
        imported: imported.ok ? imported : imported.problems.map((p) => [p.path, p.message]),
        shown,
      };
    };
    return answer;
  }
  const missing = "사진 파일이 없습니다. 사진을 다시 올려 주세요.";

  it("a picture src at another folder than a complex's gets one answer on import and save, whether a file, a folder or nothing is there", async () => {
    const answer = await pictureAnswers();
    // Pictures of a folder that is no complex's: refused by the src alone, whatever is there.
    for (const size of [{}, { width: 40, height: 30 }]) {
      const first = await answer("sites/private/secret.png", size);
      expect(first.imported).toEqual([["home.hero.wide.src", PORTABLE_MESSAGES.pictureOutside]]);
      expect(first.shown).toContainEqual(["home.hero.wide.src", missing]);
      for (const src of [
        "sites/private/missing.png",
        "sites/private/folder.png",
        "art/private/secret.png",
      ])
        expect(await answer(src, size), src).toEqual(first);
    }

    // A copy (새 단지) keeps pointing at the pictures of the complex it was copied from.
    const copied = await answer("sites/suwon/brand/logo.svg");
    expect(copied.shown).toEqual([]);
    expect(copied.imported).toMatchObject({ ok: true });
  });

  it("a picture src naming a folder, or a file that is no picture, is answered as a missing picture on import and save, never a 500", async () => {
    const answer = await pictureAnswers();
    // A folder, a file that is no picture: a missing picture's answer, never a 500. (A name
    // without a picture's extension is also told so by its name alone.)
    const absent = await answer("sites/anyang/missing.png");
    expect(absent.imported).toContainEqual(["home.hero.wide.src", missing]);
    expect(absent.imported).toEqual(absent.shown);
    for (const src of ["sites/anyang/photo.png", "sites/suwon/folder.jpg"])
      expect(await answer(src), src).toEqual(absent);
    const unnamed = await answer("sites/suwon/missing");
    expect(unnamed.imported).toContainEqual(["home.hero.wide.src", missing]);
    for (const src of ["sites/suwon/photo", "brand", "sites/suwon/README.md"])
      expect(await answer(src), src).toEqual(unnamed);
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
    broken.identity.phone = "전화";
    const bad = await zipOf({ "anyang/site.yaml": JSON.stringify(broken) });
    const result = await importSiteZip(bad, { into: "anyang" }, "a@example.com", options());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.path)).toContain("identity.phone");
    expect((await getDraft("anyang"))!.revision).toBe(1);
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
    const folder = join(dir, "anyang");
    mkdirSync(folder);
    const changed = { ...published, identity: { ...published.identity, name: "새 이름" } };
    writeFileSync(join(folder, "site.yaml"), stringify(changed));

    const { stdout } = await run("npx", ["tsx", "scripts/sites.ts", "import", folder], {
      env: { ...process.env, ...t.env(), MEDIA_DIR: join(dir, "media") },
    });
    expect(stdout).toContain("anyang: 새 초안으로 가져왔습니다 (게시된 버전은 그대로입니다)");
    expect(((await getDraft("anyang"))!.content as Doc).identity.name).toBe("새 이름");
    expect(await listVersions("anyang")).toHaveLength(1);
    expect(await versionContent("anyang", 1)).toEqual(published);
  });
});
