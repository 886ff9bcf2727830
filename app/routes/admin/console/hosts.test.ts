import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { renderForm, sentEntries } from "~/components/console/test-support";
import type { Site } from "~/content/schema";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { listLeads } from "~/leads/leads.server";
import type { FieldSchema } from "~/console/form-schema";
import { folderStore, setMediaStore } from "~/media/store.server";
import { getDraft, listVersions, saveDraft } from "~/console/content-store.server";
import { DEFAULT_SITE_MESSAGES, HOST_MESSAGES } from "~/sites/hosts.server";
import { exportZip } from "~/console/portable.server";
import { resetSites, siteForHost } from "~/sites/registry.server";
import { action as contentAction, loader as contentLoader, type ContentAnswer } from "./content";
import { action as siteAction, loader as siteLoader } from "./site";
import { action as sitesAction } from "./sites.new";
import { action as leadAction } from "../../endpoints/api.leads";
import { loadStore } from "~/console/sync.server";

/*
 * Issue 38, item 2: a 단지 편집자 took another complex's address. 수원's editor saved the content
 * form with 안양's host and the default's `localhost:<port>` and published; 안양's editor imported a
 * zip naming `suwon.localhost:<port>` and published, and a visitor's lead on 수원's host went to
 * 안양's desk. Now a host belongs to one complex (app/sites/hosts.server.ts), on save, import and
 * publish, and only an 에이전시 관리자 changes a complex's hosts.
 */

const PORT = 4173;
const ANYANG_HOST = "raumheim-pyeongchon.example.com";
const SUWON_HOST = "gwanggyo-lakepark.example.com";

let mediaDir: string;
beforeEach(() => {
  mediaDir = mkdtempSync(join(tmpdir(), "bunyang-hosts-"));
  setMediaStore(folderStore(mediaDir));
});
afterEach(() => {
  setMediaStore(undefined);
  rmSync(mediaDir, { recursive: true, force: true });
  resetSites();
});

type Args = { request: Request; context: object; params: Record<string, string> };

const origin = (siteId: string) => `http://${siteId}.localhost:${PORT}`;

const formEntries = new Map<string, [string, FormDataEntryValue][]>();

/**
 * The content form of `siteId`'s draft as a browser sends it, its hosts replaced by `hosts` and its
 * 기본 단지 box ticked or not by `isDefault` (as the draft has it when not told).
 */
async function contentForm(siteId: string, hosts: string[], isDefault?: boolean) {
  const draft = (await getDraft(siteId))!;
  // Drawn once per complex (slow): the tests change nothing but the hosts and the box.
  let entries = formEntries.get(siteId);
  if (!entries) {
    entries = sentEntries(renderForm(draft.content).form).filter(
      ([k]) => !k.startsWith("hosts.") && k !== "default",
    );
    formEntries.set(siteId, entries);
  }
  const body = new FormData();
  for (const [k, v] of entries) body.append(k, v);
  hosts.forEach((h, i) => body.append(`hosts.${i}`, h));
  if (isDefault ?? draft.content.default === true) body.append("default", "on");
  body.set("$revision", String(draft.revision));
  return body;
}

/** 저장 of the content form on `siteId`'s host: the answer's body. */
async function save(siteId: string, cookie: string, hosts: string[], isDefault?: boolean) {
  const request = new Request(`${origin(siteId)}/admin/content/other`, {
    method: "POST",
    headers: { cookie, origin: origin(siteId) },
    body: await contentForm(siteId, hosts, isDefault),
  });
  const answer = (await contentAction({
    request,
    context: {},
    params: { group: "other" },
  } as Args as never)) as {
    data: ContentAnswer;
  };
  return answer.data;
}

/** A post to /admin/sites/<siteId> (게시, zip 가져오기): its status and body. */
async function sitePost(siteId: string, cookie: string, body: FormData) {
  const request = new Request(`${origin(siteId)}/admin/sites/${siteId}`, {
    method: "POST",
    headers: { cookie, origin: origin(siteId) },
    body,
  });
  const answer = (await siteAction({
    request,
    context: {},
    params: { siteId },
  } as Args as never)) as
    | Response
    | {
        data: { problems?: { path: string; message: string }[]; importProblems?: string[] };
        init?: { status?: number };
      };
  if (answer instanceof Response) return { status: answer.status, body: {} };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

async function publish(siteId: string, cookie: string) {
  const body = new FormData();
  body.set("intent", "publish");
  const done = await sitePost(siteId, cookie, body);
  // Every instance follows the store (console/sync.server.ts); here, the registry read again.
  await loadStore();
  return done;
}

/** A zip of `siteId`'s draft as exported, its hosts replaced by `hosts`. */
async function zipWithHosts(siteId: string, hosts: string[]) {
  const content = structuredClone((await getDraft(siteId))!.content);
  content.hosts = hosts;
  return buffer(exportZip(siteId, content));
}

async function importZip(siteId: string, cookie: string, zip: Buffer) {
  const body = new FormData();
  body.set("intent", "import");
  body.set("file", new File([new Uint8Array(zip)], `${siteId}.zip`, { type: "application/zip" }));
  return sitePost(siteId, cookie, body);
}

const hostsOf = async (siteId: string) => (await getDraft(siteId))!.content.hosts;

/** 초안으로 of a version on /admin/sites/<siteId>: where it sends the browser. */
async function restore(siteId: string, cookie: string, version: number) {
  const body = new FormData();
  body.set("intent", "restore");
  body.set("version", String(version));
  const request = new Request(`${origin(siteId)}/admin/sites/${siteId}`, {
    method: "POST",
    headers: { cookie, origin: origin(siteId) },
    body,
  });
  const answer = (await siteAction({
    request,
    context: {},
    params: { siteId },
  } as Args as never)) as Response;
  return answer.headers.get("Location");
}

describe.each(engines())("a complex's hosts ($name)", (engine) => {
  useTestDb(engine);
  let suwonEditor: string;
  let anyangEditor: string;
  let agency: string;
  beforeEach(async () => {
    // The default complex (안양) answers SITE_URL's host.
    setTestEnv({ SITE_URL: `http://localhost:${PORT}` });
    await loadStore();
    await upsertAdmin("suwon-editor@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    await upsertAdmin("anyang-editor@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    suwonEditor = await cookieOf("suwon-editor@example.com", "suwon");
    anyangEditor = await cookieOf("anyang-editor@example.com", "anyang");
    agency = await cookieOf("agency@example.com", "suwon");
  });

  it("수원's editor saving 안양's host and localhost:<port> and publishing leaves both serving 안양", async () => {
    const saved = await save("suwon", suwonEditor, [SUWON_HOST, `localhost:${PORT}`, ANYANG_HOST]);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors.hosts).toEqual([HOST_MESSAGES.agencyOnly]);
    expect(saved.problems).toContainEqual({
      id: "f-hosts",
      label: "호스트 이름",
      message: HOST_MESSAGES.agencyOnly,
    });
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST]);

    expect((await publish("suwon", suwonEditor)).status).toBe(302);
    expect(siteForHost(ANYANG_HOST).id).toBe("anyang");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("anyang");
    expect(siteForHost(SUWON_HOST).id).toBe("suwon");
  });

  it("an editor's change to a free host is not saved either: only an 에이전시 관리자 changes hosts", async () => {
    const saved = await save("suwon", suwonEditor, [SUWON_HOST, "free.example.com"]);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors.hosts).toEqual([HOST_MESSAGES.agencyOnly]);
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST]);
    // The form as the editor got it (hosts unchanged) saves without a word about them.
    const same = await save("suwon", suwonEditor, [SUWON_HOST]);
    if (same.kind !== "saved") throw new Error(same.kind);
    expect(same.errors).toEqual({});
  });

  it("an 에이전시 관리자 changes 수원's hosts to a free one and publishes it; another complex's address is refused at its field", async () => {
    const free = await save("suwon", agency, [SUWON_HOST, "lakepark.example.com"]);
    if (free.kind !== "saved") throw new Error(free.kind);
    expect(free.errors).toEqual({});
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST, "lakepark.example.com"]);
    expect((await publish("suwon", agency)).status).toBe(302);
    expect(siteForHost("lakepark.example.com").id).toBe("suwon");

    const taken = await save("suwon", agency, [SUWON_HOST, ANYANG_HOST, `localhost:${PORT}`]);
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
    expect((await save("suwon", agency, [SUWON_HOST, REMOVED])).kind).toBe("saved");
    expect((await publish("suwon", agency)).status).toBe(302);
    const withHost = (await listVersions("suwon"))[0]!.version;
    expect((await save("suwon", agency, [SUWON_HOST])).kind).toBe("saved");
    expect((await publish("suwon", agency)).status).toBe(302);

    const told = await restore("suwon", suwonEditor, withHost);
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST]);
    expect(told).toBe("/admin/sites/suwon?done=restored-hosts");
    expect((await publish("suwon", suwonEditor)).status).toBe(302);
    expect(siteForHost(REMOVED).id).toBe("anyang");

    // The agency's restore brings the version's hosts back, without a word about them.
    expect(await restore("suwon", agency, withHost)).toBe("/admin/sites/suwon?done=restored");
    expect(await hostsOf("suwon")).toEqual([SUWON_HOST, REMOVED]);
  });

  // Draws the form of two complexes (slow on a busy machine).
  it(
    "hosts are saved as requests name them (lower case, no trailing dot, punycode) and served so; another's in any form is refused",
    { timeout: 60_000 },
    async () => {
      const saved = await save("suwon", agency, [
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
      expect((await publish("suwon", agency)).status).toBe(302);
      expect(siteForHost("lakepark.example.com").id).toBe("suwon");
      expect(siteForHost("lakepark.example.com.:8443").id).toBe("suwon");
      expect(siteForHost("xn--hc0bse.example.com").id).toBe("suwon");

      const taken = await save("anyang", agency, [
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
      const refused = await importZip("anyang", agency, zip);
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
    const refused = await publish("suwon", suwonEditor);
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
    expect((await importZip("anyang", anyangEditor, zip)).status).toBe(302);
    expect(await hostsOf("anyang")).toEqual([ANYANG_HOST]);
    expect((await publish("anyang", anyangEditor)).status).toBe(302);
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
    const refused = await importZip("anyang", agency, zip);
    expect(refused.status).toBe(400);
    expect(refused.body.importProblems).toEqual([
      `hosts.1: ${HOST_MESSAGES.localName(`suwon.localhost:${PORT}`, "suwon")}`,
    ]);
    expect(await hostsOf("anyang")).toEqual([ANYANG_HOST]);
    // A free host by the agency is taken in.
    const free = await zipWithHosts("anyang", [ANYANG_HOST, "pyeongchon.example.com"]);
    expect((await importZip("anyang", agency, free)).status).toBe(302);
    expect(await hostsOf("anyang")).toEqual([ANYANG_HOST, "pyeongchon.example.com"]);
  });

  // Draws the whole form twice (slow on a busy machine).
  it(
    "the content form shows an editor the hosts read-only, without buttons; the agency can edit them",
    { timeout: 60_000 },
    async () => {
      const formFor = async (cookie: string) => {
        const request = new Request(`${origin("suwon")}/admin/content/other`, {
          headers: { cookie },
        });
        const page = (await contentLoader({
          request,
          context: {},
          params: { group: "other" },
        } as Args as never)) as {
          data: { schema: FieldSchema; value: Site };
        };
        return renderForm(page.data.value, { schema: page.data.schema });
      };
      const editor = await formFor(suwonEditor);
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

      const agencyForm = await formFor(agency);
      const own = agencyForm.document.querySelector<HTMLInputElement>('input[name="hosts.0"]')!;
      expect(own.readOnly).toBe(false);
      expect(agencyForm.document.getElementById("f-hosts-add")).not.toBeNull();
    },
  );
});

/*
 * The 기본 단지 mark (`default`) decides which complex answers a host no complex names, and
 * SITE_URL's: taking it takes those addresses. Like the hosts, only an 에이전시 관리자 changes it,
 * and no two complexes are the default at once.
 */
describe.each(engines())("the 기본 단지 mark ($name)", (engine) => {
  useTestDb(engine);
  const UNNAMED = "unnamed.example.com";
  let suwonEditor: string;
  let anyangEditor: string;
  let agency: string;
  const isDefault = async (siteId: string) => (await getDraft(siteId))!.content.default === true;
  beforeEach(async () => {
    setTestEnv({ SITE_URL: `http://localhost:${PORT}` });
    await loadStore();
    await upsertAdmin("suwon-editor@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    await upsertAdmin("anyang-editor@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    suwonEditor = await cookieOf("suwon-editor@example.com", "suwon");
    anyangEditor = await cookieOf("anyang-editor@example.com", "anyang");
    agency = await cookieOf("agency@example.com", "suwon");
  });

  /** 수원 made the default by the agency (안양's mark taken off first), both published. */
  async function suwonTheDefault() {
    expect((await save("anyang", agency, [ANYANG_HOST], false)).kind).toBe("saved");
    expect((await publish("anyang", agency)).status).toBe(302);
    const saved = await save("suwon", agency, [SUWON_HOST], true);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors).toEqual({});
    expect((await publish("suwon", agency)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("suwon");
  }

  it("안양's editor ticking 기본 단지 and publishing does not take the unnamed hosts: the mark is not saved, its message at the field", async () => {
    await suwonTheDefault();
    const saved = await save("anyang", anyangEditor, [ANYANG_HOST], true);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors.default).toEqual([DEFAULT_SITE_MESSAGES.agencyOnly]);
    expect(saved.problems).toContainEqual({
      id: "f-default",
      label: "기본 단지",
      message: DEFAULT_SITE_MESSAGES.agencyOnly,
    });
    expect(await isDefault("anyang")).toBe(false);

    expect((await publish("anyang", anyangEditor)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("suwon");
    // Nor can the editor take the mark off their own complex.
    const off = await save("suwon", suwonEditor, [SUWON_HOST], false);
    if (off.kind !== "saved") throw new Error(off.kind);
    expect(off.errors.default).toEqual([DEFAULT_SITE_MESSAGES.agencyOnly]);
    expect(await isDefault("suwon")).toBe(true);
  });

  it("안양's editor restoring a version from before the agency took the mark off keeps the draft without it, is told so; 수원 stays the default", async () => {
    await suwonTheDefault();
    // Version 1 of each is the sample's: 안양 marked, 수원 not.
    const told = await restore("anyang", anyangEditor, 1);
    expect(await isDefault("anyang")).toBe(false);
    expect(told).toBe("/admin/sites/anyang?done=restored-default");
    expect((await publish("anyang", anyangEditor)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
    // Nor does 수원's editor take the mark off by restoring 수원's first version.
    expect(await restore("suwon", suwonEditor, 1)).toBe("/admin/sites/suwon?done=restored-default");
    expect(await isDefault("suwon")).toBe(true);
  });

  it("안양's editor importing a zip marked 기본 단지 keeps 안양's own mark; published, 수원 stays the default", async () => {
    await suwonTheDefault();
    const content = structuredClone((await getDraft("anyang"))!.content);
    content.default = true;
    const zip = await buffer(exportZip("anyang", content));
    expect((await importZip("anyang", anyangEditor, zip)).status).toBe(302);
    expect(await isDefault("anyang")).toBe(false);
    expect((await publish("anyang", anyangEditor)).status).toBe(302);
    expect(siteForHost(UNNAMED).id).toBe("suwon");
  });

  it("an 에이전시 관리자 cannot mark a second complex the default: refused at the field on save, import and publish", async () => {
    // 안양 is the default (the samples'); 수원 marked too.
    const saved = await save("suwon", agency, [SUWON_HOST], true);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors).toEqual({ default: [DEFAULT_SITE_MESSAGES.taken("anyang")] });
    expect(await isDefault("suwon")).toBe(false);

    const content = structuredClone((await getDraft("suwon"))!.content);
    content.default = true;
    const refused = await importZip("suwon", agency, await buffer(exportZip("suwon", content)));
    expect(refused.status).toBe(400);
    expect(refused.body.importProblems).toEqual([
      `default: ${DEFAULT_SITE_MESSAGES.taken("anyang")}`,
    ]);
    expect(await isDefault("suwon")).toBe(false);

    // A draft that holds the mark (saved before the rule) is not published.
    const draft = (await getDraft("suwon"))!;
    expect((await saveDraft("suwon", content, draft, "old@example.com")).ok).toBe(true);
    const publishing = await publish("suwon", agency);
    expect(publishing.status).toBe(400);
    expect(publishing.body.problems).toEqual([
      expect.objectContaining({
        path: "default",
        message: DEFAULT_SITE_MESSAGES.taken("anyang"),
        id: "f-default",
      }),
    ]);
    expect(siteForHost(UNNAMED).id).toBe("anyang");
    expect(siteForHost(`localhost:${PORT}`).id).toBe("anyang");
  });

  // Draws the whole form twice (slow on a busy machine).
  it(
    "the content form shows an editor 기본 단지 as it is, unchangeable, and sends it so that a save keeps it; the agency can change it",
    { timeout: 60_000 },
    async () => {
      const formFor = async (cookie: string) => {
        const request = new Request(`${origin("anyang")}/admin/content/other`, {
          headers: { cookie },
        });
        const page = (await contentLoader({
          request,
          context: {},
          params: { group: "other" },
        } as Args as never)) as {
          data: { schema: FieldSchema; value: Site };
        };
        return renderForm(page.data.value, { schema: page.data.schema });
      };
      const editor = await formFor(anyangEditor);
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
      const request = new Request(`${origin("anyang")}/admin/content/other`, {
        method: "POST",
        headers: { cookie: anyangEditor, origin: origin("anyang") },
        body,
      });
      const answer = (await contentAction({
        request,
        context: {},
        params: { group: "other" },
      } as Args as never)) as { data: ContentAnswer };
      if (answer.data.kind !== "saved") throw new Error(answer.data.kind);
      expect(answer.data.errors.default).toBeUndefined();
      expect(await isDefault("anyang")).toBe(true);

      const agencyForm = await formFor(agency);
      const own = agencyForm.document.getElementById("f-default") as HTMLInputElement;
      expect(own.disabled).toBe(false);
      expect(own.checked).toBe(true);
    },
  );
});

describe.each(engines())("a host with its scheme, on the complex's page ($name)", (engine) => {
  useTestDb(engine);
  let agency: string;
  beforeEach(async () => {
    setTestEnv({ SITE_URL: `http://localhost:${PORT}` });
    await loadStore();
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    agency = await cookieOf("agency@example.com", "anyang");
  });

  /** 새 단지 (/admin/sites/new), its hosts typed as `hosts` and `scheme` chosen beside them. */
  async function create(id: string, hosts: string, scheme: string) {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      id,
      name: `${id} 단지`,
      hosts,
      scheme,
      copyFrom: "suwon",
    }))
      body.set(k, v);
    const request = new Request(`${origin("anyang")}/admin/sites/new`, {
      method: "POST",
      headers: { cookie: agency, origin: origin("anyang") },
      body,
    });
    const answer = (await sitesAction({ request, context: {}, params: {} } as Args as never)) as
      | Response
      | { data: unknown };
    if (!(answer instanceof Response)) throw new Error(JSON.stringify(answer.data));
    // Every instance follows the store (console/sync.server.ts); here, the registry read again.
    await loadStore();
  }

  /** The address /admin/sites/<id> shows as the complex's. */
  async function shownOrigin(id: string) {
    const request = new Request(`${origin("anyang")}/admin/sites/${id}`, {
      headers: { cookie: agency },
    });
    const answer = (await siteLoader({
      request,
      context: {},
      params: { siteId: id },
    } as Args as never)) as {
      data: { origin: string | null };
    };
    return answer.data.origin;
  }

  it("a *.localhost host typed without a scheme is http; https or http chosen beside the field is kept", async () => {
    await create("dongtan", "dongtan.localhost:4100", "");
    expect(await hostsOf("dongtan")).toEqual(["dongtan.localhost:4100"]);
    expect(await shownOrigin("dongtan")).toBe("http://dongtan.localhost:4100");

    await create("hwaseong", "hwaseong-lake.example.com", "http");
    expect(await hostsOf("hwaseong")).toEqual(["http://hwaseong-lake.example.com"]);
    expect(await shownOrigin("hwaseong")).toBe("http://hwaseong-lake.example.com");
    expect(siteForHost("hwaseong-lake.example.com").id).toBe("hwaseong");

    await create("osan", "HTTPS://Osan-Park.example.com", "http");
    expect(await shownOrigin("osan")).toBe("https://osan-park.example.com");
  });

  it("an agency saves a host with its scheme in the content form; another complex's host is refused with or without one", async () => {
    const saved = await save("suwon", agency, ["http://gwanggyo.example.com:8080"]);
    if (saved.kind !== "saved") throw new Error(saved.kind);
    expect(saved.errors).toEqual({});
    expect(await hostsOf("suwon")).toEqual(["http://gwanggyo.example.com:8080"]);
    const taken = await save("suwon", agency, [`https://${ANYANG_HOST}`]);
    if (taken.kind !== "saved") throw new Error(taken.kind);
    expect(taken.errors["hosts.0"]).toEqual([
      HOST_MESSAGES.taken(`https://${ANYANG_HOST}`, "anyang"),
    ]);
  });
});
