import { describe, expect, it } from "vitest";
import { sentEntries } from "~/components/console/test-support";
import type { Site } from "~/content/schema";
import { engines, useTestDb } from "~/db/test-support";
import { listLeads } from "~/leads/leads.server";
import { getDraft, listVersions, saveDraft } from "~/console/content-store.server";
import { HOST_MESSAGES } from "~/sites/hosts.server";
import { siteForHost } from "~/sites/registry.server";
import { action as leadAction } from "../../endpoints/api.leads";
import {
  ANYANG_HOST,
  contentFormFor,
  expectRefusedAt,
  hostsOf,
  importZip,
  origin,
  PORT,
  publish,
  restore,
  save,
  useEditorsAndAgency,
  SUWON_HOST,
  zipWithHosts,
  type Args,
} from "./hosts.test-support";

/*
 * Issue 38, item 2: a 단지 편집자 took another complex's address. 수원's editor saved the content
 * form with 안양's host and the default's `localhost:<port>` and published; 안양's editor imported a
 * zip naming `suwon.localhost:<port>` and published, and a visitor's lead on 수원's host went to
 * 안양's desk. Now a host belongs to one complex (app/sites/hosts.server.ts), on save, import and
 * publish, and only an 에이전시 관리자 changes a complex's hosts.
 */

describe.each(engines())("a complex's hosts ($name)", (engine) => {
  useTestDb(engine);
  const by = useEditorsAndAgency();

  it("수원's editor saving 안양's host and localhost:<port> and publishing leaves both serving 안양", async () => {
    const saved = await save("suwon", by.suwonEditor, [
      SUWON_HOST,
      `localhost:${PORT}`,
      ANYANG_HOST,
    ]);
    expectRefusedAt(saved, "hosts", "호스트 이름", HOST_MESSAGES.agencyOnly);
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST]);

    expect((await publish("suwon", by.suwonEditor)).status).toBe(302);
    expect(siteForHost(ANYANG_HOST).id).toBe("anyang");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("anyang");
    expect(siteForHost(SUWON_HOST).id).toBe("suwon");
  });

  it("an editor's change to a free host is not saved either: only an 에이전시 관리자 changes hosts", async () => {
    const saved = await save("suwon", by.suwonEditor, [SUWON_HOST, "free.example.com"]);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors.hosts).toEqual([HOST_MESSAGES.agencyOnly]);
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST]);
    // The form as the editor got it (hosts unchanged) saves without a word about them.
    const same = await save("suwon", by.suwonEditor, [SUWON_HOST]);
    if (same.kind !== "saved") throw new Error(same.kind);
    expect(same.errors).toEqual({});
  });

  it("an 에이전시 관리자 changes 수원's hosts to a free one and publishes it; another complex's address is refused at its field", async () => {
    const free = await save("suwon", by.agency, [SUWON_HOST, "lakepark.example.com"]);
    if (free.kind !== "saved") throw new Error(free.kind);
    expect(free.errors).toEqual({});
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST, "lakepark.example.com"]);
    expect((await publish("suwon", by.agency)).status).toBe(302);
    expect(siteForHost("lakepark.example.com").id).toBe("suwon");

    const taken = await save("suwon", by.agency, [SUWON_HOST, ANYANG_HOST, `localhost:${PORT}`]);
    if (taken.kind !== "saved") throw new Error(taken.kind);
    expect(taken.errors).toEqual({
      "hosts.1": [HOST_MESSAGES.taken(ANYANG_HOST, "anyang")],
      "hosts.2": [HOST_MESSAGES.origin(`localhost:${PORT}`, "anyang", "SITE_URL")],
    });
    // The draft keeps the hosts it had; the form keeps what was typed, with the messages.
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST, "lakepark.example.com"]);
    expect((taken.value as Site).hosts).toEqual([SUWON_HOST, ANYANG_HOST, `localhost:${PORT}`]);
  });

  it("수원's editor restoring a version from before the agency removed a host keeps the draft's hosts, is told so, and the host stays free", async () => {
    const REMOVED = "lakepark.example.com";
    expect((await save("suwon", by.agency, [SUWON_HOST, REMOVED])).kind).toBe("saved");
    expect((await publish("suwon", by.agency)).status).toBe(302);
    const withHost = (await listVersions("suwon"))[0]!.version;
    expect((await save("suwon", by.agency, [SUWON_HOST])).kind).toBe("saved");
    expect((await publish("suwon", by.agency)).status).toBe(302);

    const told = await restore("suwon", by.suwonEditor, withHost);
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST]);
    expect(told).toBe("/admin/sites/suwon?done=restored-hosts");
    expect((await publish("suwon", by.suwonEditor)).status).toBe(302);
    expect(siteForHost(REMOVED).id).toBe("anyang");

    // The agency's restore brings the version's hosts back, without a word about them.
    expect(await restore("suwon", by.agency, withHost)).toBe("/admin/sites/suwon?done=restored");
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST, REMOVED]);
  });

  // Draws the form of two complexes (slow on a busy machine).
  it(
    "hosts are saved as requests name them (lower case, no trailing dot, punycode) and served so; another's in any form is refused",
    { timeout: 60_000 },
    async () => {
      const saved = await save("suwon", by.agency, [
        SUWON_HOST,
        "Lakepark.Example.com.",
        "광교.example.com",
      ]);
      if (saved.kind !== "saved") throw new Error(saved.kind);
      expect(saved.errors).toEqual({});
      expect(await hostsOf("suwon")).toEqual([
        SUWON_HOST,
        "lakepark.example.com",
        "xn--hc0bse.example.com",
      ]);
      expect((await publish("suwon", by.agency)).status).toBe(302);
      expect(siteForHost("lakepark.example.com").id).toBe("suwon");
      expect(siteForHost("lakepark.example.com.:8443").id).toBe("suwon");
      expect(siteForHost("xn--hc0bse.example.com").id).toBe("suwon");

      const taken = await save("anyang", by.agency, [
        ANYANG_HOST,
        "SUWON.localhost.",
        "LakePark.example.com.",
      ]);
      if (taken.kind !== "saved") throw new Error(taken.kind);
      expect(taken.errors).toEqual({
        "hosts.1": [HOST_MESSAGES.localName("suwon.localhost", "suwon")],
        "hosts.2": [HOST_MESSAGES.taken("lakepark.example.com", "suwon")],
      });
      const zip = await zipWithHosts("anyang", [ANYANG_HOST, `Suwon.Localhost.:${PORT}`]);
      const refused = await importZip("anyang", by.agency, zip);
      expect(refused.status).toBe(400);
      expect(refused.body.importProblems).toEqual([
        `hosts.1: ${HOST_MESSAGES.localName(`suwon.localhost:${PORT}`, "suwon")}`,
      ]);
      expect(await hostsOf("anyang")).toEqual([ANYANG_HOST]);
    },
  );

  it("a draft that holds another complex's host (saved before the rule) is not published", async () => {
    const draft = (await getDraft("suwon"))!;
    const content = { ...draft.content, hosts: [SUWON_HOST, ANYANG_HOST, `anyang.localhost`] };
    expect((await saveDraft("suwon", content, draft, "old@example.com")).ok).toBe(true);
    const refused = await publish("suwon", by.suwonEditor);
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([
      expect.objectContaining({
        path: "hosts.1",
        message: HOST_MESSAGES.taken(ANYANG_HOST, "anyang"),
        id: "f-hosts.1",
      }),
      expect.objectContaining({
        path: "hosts.2",
        message: HOST_MESSAGES.localName("anyang.localhost", "anyang"),
      }),
    ]);
    expect(siteForHost(ANYANG_HOST).id).toBe("anyang");
  });

  it("안양's editor importing a zip that names suwon.localhost:<port> and publishing leaves 수원's host and its leads with 수원", async () => {
    const zip = await zipWithHosts("anyang", [ANYANG_HOST, `suwon.localhost:${PORT}`]);
    // Imported, the complex's own hosts kept: an editor's zip does not change them.
    expect((await importZip("anyang", by.anyangEditor, zip)).status).toBe(302);
    expect(await hostsOf("anyang")).toEqual([ANYANG_HOST]);
    expect((await publish("anyang", by.anyangEditor)).status).toBe(302);
    expect(siteForHost(`suwon.localhost:${PORT}`).id).toBe("suwon");

    // A visitor's lead on 수원's host goes to 수원's desk.
    const request = new Request(`${origin("suwon")}/api/leads?kind=inquiry&variant=inquiry`, {
      method: "POST",
      body: new URLSearchParams({
        name: "홍길동",
        phone: "010-2345-6789",
        privacyConsent: "on",
        source: "/",
        message: "문의",
      }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const answer = await leadAction({
      request,
      context: { ip: "203.0.113.61" },
      params: {},
    } as Args as never);
    expect((answer as Response).status).toBe(200);
    expect(await listLeads("suwon")).toHaveLength(1);
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("an 에이전시 관리자's zip naming suwon.localhost:<port> for 안양 is refused with the message at the hosts", async () => {
    const zip = await zipWithHosts("anyang", [ANYANG_HOST, `suwon.localhost:${PORT}`]);
    const refused = await importZip("anyang", by.agency, zip);
    expect(refused.status).toBe(400);
    expect(refused.body.importProblems).toEqual([
      `hosts.1: ${HOST_MESSAGES.localName(`suwon.localhost:${PORT}`, "suwon")}`,
    ]);
    expect(await hostsOf("anyang")).toEqual([ANYANG_HOST]);
    // A free host by the agency is taken in.
    const free = await zipWithHosts("anyang", [ANYANG_HOST, "pyeongchon.example.com"]);
    expect((await importZip("anyang", by.agency, free)).status).toBe(302);
    expect(await hostsOf("anyang")).toEqual([ANYANG_HOST, "pyeongchon.example.com"]);
  });

  // Draws the whole form twice (slow on a busy machine).
  it(
    "the content form shows an editor the hosts read-only, without buttons; the agency can edit them",
    { timeout: 60_000 },
    async () => {
      const editor = await contentFormFor("suwon", by.suwonEditor);
      const input = editor.document.querySelector<HTMLInputElement>('input[name="hosts.0"]')!;
      expect(input.value).toBe(SUWON_HOST);
      expect(input.readOnly).toBe(true);
      expect(editor.document.getElementById("f-hosts-add")).toBeNull();
      expect(editor.document.getElementById("f-hosts.0-remove")).toBeNull();
      expect(editor.document.getElementById("f-hosts")!.textContent).toContain(
        "호스트 이름은 에이전시 관리자만 바꿀 수 있습니다.",
      );
      // Sent as it is, so the editor's 저장 keeps them.
      expect(sentEntries(editor.form)).toContainEqual(["hosts.0", SUWON_HOST]);

      const agencyForm = await contentFormFor("suwon", by.agency);
      const own = agencyForm.document.querySelector<HTMLInputElement>('input[name="hosts.0"]')!;
      expect(own.readOnly).toBe(false);
      expect(agencyForm.document.getElementById("f-hosts-add")).not.toBeNull();
    },
  );
});
