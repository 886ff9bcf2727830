import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { sentEntries } from "~/components/console/test-support";
import { engines, useTestDb } from "~/db/test-support";
import { getDraft, saveDraft } from "~/console/content-store.server";
import { DEFAULT_SITE_MESSAGES } from "~/sites/hosts.server";
import { exportZip } from "~/console/portable.server";
import { siteForHost } from "~/sites/registry.server";
import {
  ANYANG_HOST,
  contentFormFor,
  expectRefusedAt,
  importZip,
  PORT,
  postContent,
  publish,
  restore,
  save,
  useEditorsAndAgency,
  SUWON_HOST,
} from "./hosts.test-support";

/*
 * The 기본 단지 mark (`default`) decides which complex answers a host no complex names, and
 * SITE_URL's: taking it takes those addresses. Like the hosts, only an 에이전시 관리자 changes it,
 * and no two complexes are the default at once.
 */
// Slow on a busy machine: the first test draws the content form of both complexes, the last the
// whole form twice.
describe.each(engines())("the 기본 단지 mark ($name)", { timeout: 60_000 }, (engine) => {
  useTestDb(engine);
  const UNNAMED = "unnamed.example.com";
  const by = useEditorsAndAgency();
  const isDefault = async (siteId: string) => (await getDraft(siteId))!.content.default === true;

  /** 수원 made the default by the agency (안양's mark taken off first), both published. */
  async function suwonTheDefault() {
    expect((await save("anyang", by.agency, [ANYANG_HOST], false)).kind).toBe("saved");
    expect((await publish("anyang", by.agency)).status).toBe(302);
    const saved = await save("suwon", by.agency, [SUWON_HOST], true);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors).toEqual({});
    expect((await publish("suwon", by.agency)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("suwon");
  }

  it("안양's editor ticking 기본 단지 and publishing does not take the unnamed hosts: the mark is not saved, its message at the field", async () => {
    await suwonTheDefault();
    const saved = await save("anyang", by.anyangEditor, [ANYANG_HOST], true);
    expectRefusedAt(saved, "default", "기본 단지", DEFAULT_SITE_MESSAGES.agencyOnly);
    expect(await isDefault("anyang")).toBe(false);

    expect((await publish("anyang", by.anyangEditor)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("suwon");
    // Nor can the editor take the mark off their own complex.
    const off = await save("suwon", by.suwonEditor, [SUWON_HOST], false);
    if (off.kind !== "saved") throw new Error(off.kind);
    expect(off.errors.default).toEqual([DEFAULT_SITE_MESSAGES.agencyOnly]);
    expect(await isDefault("suwon")).toBe(true);
  });

  it("안양's editor restoring a version from before the agency took the mark off keeps the draft without it, is told so; 수원 stays the default", async () => {
    await suwonTheDefault();
    // Version 1 of each is the sample's: 안양 marked, 수원 not.
    const told = await restore("anyang", by.anyangEditor, 1);
    expect(await isDefault("anyang")).toBe(false);
    expect(told).toBe("/admin/sites/anyang?done=restored-default");
    expect((await publish("anyang", by.anyangEditor)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
    // Nor does 수원's editor take the mark off by restoring 수원's first version.
    expect(await restore("suwon", by.suwonEditor, 1)).toBe(
      "/admin/sites/suwon?done=restored-default",
    );
    expect(await isDefault("suwon")).toBe(true);
  });

  it("안양's editor importing a zip marked 기본 단지 keeps 안양's own mark; published, 수원 stays the default", async () => {
    await suwonTheDefault();
    const content = structuredClone((await getDraft("anyang"))!.content);
    content.default = true;
    const zip = await buffer(exportZip("anyang", content));
    expect((await importZip("anyang", by.anyangEditor, zip)).status).toBe(302);
    expect(await isDefault("anyang")).toBe(false);
    expect((await publish("anyang", by.anyangEditor)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
  });

  it("an 에이전시 관리자 cannot mark a second complex the default: refused at the field on save, import and publish", async () => {
    // 안양 is the default (the samples'); 수원 marked too.
    const taken = DEFAULT_SITE_MESSAGES.taken("anyang");
    const saved = await save("suwon", by.agency, [SUWON_HOST], true);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors).toEqual({ default: [taken] });
    expect(await isDefault("suwon")).toBe(false);

    const content = structuredClone((await getDraft("suwon"))!.content);
    content.default = true;
    const refused = await importZip("suwon", by.agency, await buffer(exportZip("suwon", content)));
    expect(refused.status).toBe(400);
    expect(refused.body.importProblems).toEqual([`default: ${taken}`]);
    expect(await isDefault("suwon")).toBe(false);

    // A draft that holds the mark (saved before the rule) is not published.
    const draft = (await getDraft("suwon"))!;
    expect((await saveDraft("suwon", content, draft, "old@example.com")).ok).toBe(true);
    const publishing = await publish("suwon", by.agency);
    expect(publishing.status).toBe(400);
    expect(publishing.body.problems).toEqual([
      expect.objectContaining({ path: "default", message: taken, id: "f-default" }),
    ]);
    expect(siteForHost(UNNAMED).id).toBe("anyang");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("anyang");
  });

  it("the content form shows an editor 기본 단지 as it is, unchangeable, and sends it so that a save keeps it; the agency can change it", async () => {
    const editor = await contentFormFor("anyang", by.anyangEditor);
    const box = editor.document.getElementById("f-default") as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(editor.document.querySelector('[data-field="default"]')!.textContent).toContain(
      "기본 단지는 에이전시 관리자만 바꿀 수 있습니다.",
    );
    const sent = sentEntries(editor.form);
    expect(sent.filter(([k]) => k === "default")).toEqual([["default", "on"]]);

    // 저장 of the form as it was sent: nothing about the mark, which stays.
    const body = new FormData();
    for (const [k, v] of sent) body.append(k, v);
    body.set("$revision", String((await getDraft("anyang"))!.revision));
    const answer = await postContent("anyang", by.anyangEditor, body);
    if (answer.kind !== "saved") throw new Error(answer.kind);
    expect(answer.errors.default).toBeUndefined();
    expect(await isDefault("anyang")).toBe(true);

    const agencyForm = await contentFormFor("anyang", by.agency);
    const own = agencyForm.document.getElementById("f-default") as HTMLInputElement;
    expect(own.disabled).toBe(false);
    expect(own.checked).toBe(true);
  });
});
