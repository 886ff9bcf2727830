/*
 * Test support for the tests of a complex's addresses (its hosts, the 기본 단지 mark): the console's
 * forms and posts as a browser sends them on the complex's host, and the administrators who send
 * them.
 */
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, expect } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD } from "~/auth/test-support";
import { renderForm, sentEntries } from "~/components/console/test-support";
import type { Site } from "~/content/schema";
import { getDraft } from "~/console/content-store.server";
import type { FieldSchema } from "~/console/form-schema";
import { exportZip } from "~/console/portable.server";
import { loadStore } from "~/console/sync.server";
import { resetSites } from "~/sites/registry.server";
import { action as contentAction, loader as contentLoader, type ContentAnswer } from "./content";
import { action as siteAction } from "./site";
import { signInAgency, setUpMediaFolder } from "../test-support";

export const PORT = 4173;
export const ANYANG_HOST = "raumheim-pyeongchon.example.com";
export const SUWON_HOST = "gwanggyo-lakepark.example.com";

/** A fresh media folder for each test, and the complexes read again after it. */
export function setUpHostsTests() {
  setUpMediaFolder("hosts", "test");
  afterEach(() => resetSites());
}

export type Args = { request: Request; context: object; params: Record<string, string> };

export const origin = (siteId: string) => `http://${siteId}.localhost:${PORT}`;

/**
 * The hosts tests' set-up (setUpHostsTests) and, before each test, SITE_URL at localhost:<PORT>
 * (the default complex, 안양, answers its host) and three administrators signed in, their cookies:
 * 수원's editor and 안양's on their complexes, an 에이전시 관리자 on 수원.
 */
export function useEditorsAndAgency() {
  setUpHostsTests();
  const by = { suwonEditor: "", anyangEditor: "", agency: "" };
  beforeEach(async () => {
    by.agency = await signInAgency(`http://localhost:${PORT}`, "suwon");
    await upsertAdmin("suwon-editor@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    await upsertAdmin("anyang-editor@example.com", TEST_PASSWORD, { sites: ["anyang"] });
    by.suwonEditor = await cookieOf("suwon-editor@example.com", "suwon");
    by.anyangEditor = await cookieOf("anyang-editor@example.com", "anyang");
  });
  return by;
}

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

/** 저장 of the content form `body` on `siteId`'s host: the answer's body. */
export async function postContent(siteId: string, cookie: string, body: FormData) {
  const request = new Request(`${origin(siteId)}/admin/content/other`, {
    method: "POST",
    headers: { cookie, origin: origin(siteId) },
    body,
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

/** 저장 of the content form on `siteId`'s host, its hosts `hosts`: the answer's body. */
export async function save(siteId: string, cookie: string, hosts: string[], isDefault?: boolean) {
  return postContent(siteId, cookie, await contentForm(siteId, hosts, isDefault));
}

/**
 * A 저장 answered with `message` at the field `field` (labelled `label`): beside the field and in
 * the list of problems.
 */
export function expectRefusedAt(
  answer: ContentAnswer,
  field: "hosts" | "default",
  label: string,
  message: string,
) {
  if (answer.kind !== "saved") throw new Error(answer.kind);
  expect(answer.errors[field]).toEqual([message]);
  expect(answer.problems).toContainEqual({ id: `f-${field}`, label, message });
}

/** The content form (its group 기타) as `cookie`'s administrator gets it on `siteId`'s host, drawn. */
export async function contentFormFor(siteId: string, cookie: string) {
  const request = new Request(`${origin(siteId)}/admin/content/other`, {
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
}

/** A post to /admin/sites/<siteId> (게시, zip 가져오기, 초안으로): the action's answer. */
async function postSite(siteId: string, cookie: string, body: FormData) {
  const request = new Request(`${origin(siteId)}/admin/sites/${siteId}`, {
    method: "POST",
    headers: { cookie, origin: origin(siteId) },
    body,
  });
  return siteAction({
    request,
    context: {},
    params: { siteId },
  } as Args as never);
}

/** A post to /admin/sites/<siteId> (게시, zip 가져오기): its status and body. */
async function sitePost(siteId: string, cookie: string, body: FormData) {
  const answer = (await postSite(siteId, cookie, body)) as
    | Response
    | {
        data: { problems?: { path: string; message: string }[]; importProblems?: string[] };
        init?: { status?: number };
      };
  if (answer instanceof Response) return { status: answer.status, body: {} };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

export async function publish(siteId: string, cookie: string) {
  const body = new FormData();
  body.set("intent", "publish");
  const done = await sitePost(siteId, cookie, body);
  // Every instance follows the store (console/sync.server.ts); here, the registry read again.
  await loadStore();
  return done;
}

/** A zip of `siteId`'s draft as exported, its hosts replaced by `hosts`. */
export async function zipWithHosts(siteId: string, hosts: string[]) {
  const content = structuredClone((await getDraft(siteId))!.content);
  content.hosts = hosts;
  return buffer(exportZip(siteId, content));
}

export async function importZip(siteId: string, cookie: string, zip: Buffer) {
  const body = new FormData();
  body.set("intent", "import");
  body.set("file", new File([new Uint8Array(zip)], `${siteId}.zip`, { type: "application/zip" }));
  return sitePost(siteId, cookie, body);
}

export const hostsOf = async (siteId: string) => (await getDraft(siteId))!.content.hosts;

/** 초안으로 of a version on /admin/sites/<siteId>: where it sends the browser. */
export async function restore(siteId: string, cookie: string, version: number) {
  const body = new FormData();
  body.set("intent", "restore");
  body.set("version", String(version));
  const answer = (await postSite(siteId, cookie, body)) as Response;
  return answer.headers.get("Location");
}
