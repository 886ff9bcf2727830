import { readdirSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import yazl from "yazl";
import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { MEDIA_MESSAGES } from "~/lib/media-upload";
import { folderStore } from "~/media/store.server";
import { getDraft } from "./content-store.server";
import { importSiteZip } from "./portable.server";
import { PORTABLE_MESSAGES } from "./portable-messages.server";
import { png, t0, setUpTempFolder, zipOf, type Doc } from "./portable.test-support";
import { loadStore } from "./sync.server";

/*
 * The zips a complex's import refuses, each with its Korean message, writing nothing and leaving no
 * temporary folder behind.
 */

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

const tmp = setUpTempFolder();

describe.each(engines())("a complex as a zip ($name)", (engine) => {
  useTestDb(engine);
  const options = () => ({ store: tmp.store, now: t0 });

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
      expect(!result.ok && result.problems[0]!.message).toContain(message);
    }
    expect((await getDraft("anyang"))!.revision).toBe(1);
  });

  /** Anyang's document with its home hero `hero.png`, a picture the zip holds. */
  async function withHero() {
    const anyang = structuredClone((await getDraft("anyang"))!.content) as Doc;
    anyang.home.hero.wide = { src: "hero.png", alt: "조감도" };
    return JSON.stringify(anyang);
  }

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
    const media = folderStore(join(tmp.dir, "media"));
    for (const [zip, message] of cases) {
      const { value: result, left } = await withTmpdir(() =>
        importSiteZip(zip, { into: "anyang" }, "a@example.com", { store: media, now: t0 }),
      );
      expect(result).toEqual({ ok: false, problems: [{ path: "file", message }] });
      expect(left).toEqual([]);
    }
    expect((await getDraft("anyang"))!.revision).toBe(1);
    expect(readdirSync(tmp.dir)).toEqual([]);

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
    expect(!result.ok && result.problems.map((p) => p.path)).toContain("identity.phone");
    expect((await getDraft("anyang"))!.revision).toBe(1);
  });
});
