import { cpSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { folderStore } from "~/media/store.server";
import {
  documentProblems,
  getDraft,
  listVersions,
  publishDraft,
  saveDraft,
} from "./content-store.server";
import { importSiteZip } from "./portable.server";
import { PORTABLE_MESSAGES } from "./portable-messages.server";
import { png, t0, setUpTempFolder, zipOf, type Doc } from "./portable.test-support";
import { loadStore } from "./sync.server";

/*
 * A picture's src in a complex's document: one that leads out of the complex's folder, or to a
 * folder that is no complex's, gets one answer on import, save and publish, whatever is there.
 */

const tmp = setUpTempFolder();

describe.each(engines())("a complex as a zip ($name)", (engine) => {
  useTestDb(engine);

  it("refuses a picture whose src leads out of the complex's folder the same way whether its file exists, on import, save and publish", async () => {
    await loadStore(t0);
    const anyang = (await getDraft("anyang"))!.content as Doc;
    // A real picture outside every complex's folder, and one that is not there.
    const there = join(tmp.dir, "secret.png");
    writeFileSync(there, await png());
    const srcOf = (file: string) => `sites/anyang/${"../".repeat(16)}${file.slice(1)}`;
    const media = folderStore(join(tmp.dir, "media"));
    for (const size of [{}, { width: 40, height: 30 }]) {
      const answers = [];
      for (const file of [there, join(tmp.dir, "missing.png")]) {
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
    expect(readdirSync(tmp.dir)).toEqual(["secret.png"]);
    expect(await listVersions("anyang")).toHaveLength(1);
  });

  /**
   * The deployment's folders (SITES_DIR) with a folder that is no complex's (`private`, a picture
   * and a folder in it) and folders named like pictures; what the console shows for a document
   * whose home hero has `src` (and `size`): on import (a zip), and on the content form's save (the
   * same check's problems), each problem's field and message.
   */
  async function pictureAnswers() {
    const root = join(tmp.dir, "sites");
    cpSync("sites", root, { recursive: true });
    mkdirSync(join(root, "private", "images", "folder.png"), { recursive: true });
    writeFileSync(join(root, "private", "images", "secret.png"), await png());
    mkdirSync(join(root, "anyang", "images", "photo.png"), { recursive: true });
    mkdirSync(join(root, "suwon", "images", "folder.jpg"), { recursive: true });
    setTestEnv({ SITES_DIR: root });
    await loadStore(t0);
    const anyang = (await getDraft("anyang"))!.content as Doc;
    const media = folderStore(join(tmp.dir, "media"));
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
});
