/*
 * A complex made or deleted in the console: 새 단지 (issue 31, 39), a copy of another's draft under
 * its own id, name, hosts and facts, or blank, a draft until first published; and its deletion.
 */
import { HOST_ENTRY } from "~/content/schema";
import type { SiteProblem } from "~/content/validate";
import { getDb } from "~/db/db.server";
import { DRAWN_SLOT_SRC, DRAWN_SLOTS } from "~/sites/drawn-pictures.server";
import { normalizeHost } from "~/sites/host-name.server";
import { hostProblems } from "~/sites/hosts.server";
import { resolveSiteData } from "~/sites/site-pictures.server";
import { blankContent } from "./blank.server";
import { storeChanged } from "./changes.server";
import { folderOf, getDraft, insertDocument } from "./content-store.server";
import { copyRecord, dropCopySource, recordCopySource } from "./copy-source.server";

/** 새 단지: `copyFrom` the complex it copies, or "" to start blank (blank.server.ts). */
export type NewComplex = {
  id: string;
  name: string;
  hosts: string[];
  copyFrom: string;
  /**
   * 단지 기본 정보 typed at once (the guided start's first step): each given fact replaces the
   * copied (or blank) one, so the complex is named by its own facts from its first draft.
   */
  identity?: Partial<Record<IdentityFact, string>>;
};

/** The facts of 단지 기본 정보 a new complex may be given when it is made (all text). */
export type IdentityFact =
  | "brand"
  | "address"
  | "modelHouseAddress"
  | "developer"
  | "builder"
  | "phone"
  | "color";

/**
 * Resolved picture slots of `content` kept as they resolve for `fromId` (`sites/<from>/…`,
 * `art/<from>/…`): a copy shows the pictures of the complex it was copied from until its own are
 * uploaded. Not its logo and share image: a copy's are drawn from its own identity (its logo left
 * out, its share image named as no file), an upload of the source's becomes a drawn one too
 * (drawn-pictures.server.ts).
 */
function withPicturesOf(fromId: string, content: unknown): Record<string, unknown> {
  const copy = structuredClone(content) as Record<string, unknown>;
  const { data } = resolveSiteData(content, folderOf(fromId));
  const walk = (raw: unknown, resolved: unknown, path: string) => {
    if (!raw || typeof raw !== "object" || !resolved || typeof resolved !== "object") return;
    const r = raw as Record<string, unknown>;
    const d = resolved as Record<string, unknown>;
    if (typeof r.src === "string" && "alt" in r && typeof d.src === "string") {
      if (path in DRAWN_SLOTS)
        r.src = DRAWN_SLOT_SRC[DRAWN_SLOTS[path as keyof typeof DRAWN_SLOTS]];
      else if (/^(sites|art)\//.test(d.src)) r.src = d.src;
      return;
    }
    for (const key of Object.keys(r)) walk(r[key], d[key], path ? `${path}.${key}` : key);
  };
  walk(copy, data, "");
  // No logo named: the copy's is the wordmark drawn from its own identity (site-pictures.server.ts).
  const identity = copy.identity as Record<string, unknown> | undefined;
  if (identity && typeof identity === "object") delete identity.logo;
  return copy;
}

/**
 * The source's 입주자 모집공고 is its own legal document, never the copy's: the copy starts without
 * one (its page says so until the copy's own is uploaded).
 */
function withoutSourceNotice(content: Record<string, unknown>) {
  const notice = content.announcement as Record<string, unknown> | undefined;
  if (!notice || typeof notice !== "object") return;
  delete notice.document;
  delete notice.publishedAt;
  notice.pdfUrl = "";
}

/** The press addresses (/<name>/press) that named the source by its id name the copy's instead. */
function withOwnPress(content: Record<string, unknown>, fromId: string, id: string) {
  const press = content.press as { defaultSite?: string; sites?: string[] } | undefined;
  if (!press || typeof press !== "object") return;
  if (press.defaultSite === fromId) press.defaultSite = id;
  if (Array.isArray(press.sites)) press.sites = press.sites.map((s) => (s === fromId ? id : s));
}

/**
 * A new complex from the console (새 단지): a copy of `copyFrom`'s draft under its own id, name and
 * hosts, a draft until first published (its hosts answer 준비 중 meanwhile). The source's identity
 * is recorded with it (copy-source.server.ts): what is left of it is listed, and refused at 게시.
 * `copyFrom` "" starts it blank instead: placeholders only, and no source to record.
 */
export async function createComplex(
  input: NewComplex,
  by: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; problems: SiteProblem[] }> {
  const problems: SiteProblem[] = [];
  // Hosts as requests carry them (host-name.server.ts), before they are checked.
  const hosts = input.hosts.map(normalizeHost);
  if (!/^[a-z][a-z0-9-]{1,30}$/.test(input.id)) {
    problems.push({
      path: "id",
      message: "단지 ID는 영문 소문자로 시작하고 영문 소문자, 숫자, -만 쓸 수 있습니다 (2~31자)",
    });
  }
  if (!input.name.trim()) problems.push({ path: "name", message: "단지 이름을 입력해 주세요" });
  for (const host of hosts) {
    if (!HOST_ENTRY.test(host)) {
      problems.push({ path: "hosts", message: `호스트 이름 "${host}"의 형식이 올바르지 않습니다` });
    }
  }
  // One field for all hosts in the form of 새 단지.
  for (const taken of await hostProblems(input.id, hosts))
    problems.push({ path: "hosts", message: taken.message });
  const blank = input.copyFrom === "";
  const source = blank ? undefined : await getDraft(input.copyFrom);
  if (!blank && !source) problems.push({ path: "copyFrom", message: "복사할 단지를 골라 주세요" });
  if (problems.length) return { ok: false, problems };
  let content: Record<string, unknown>;
  if (source) {
    content = withPicturesOf(input.copyFrom, source.content);
    content.id = input.id;
    content.hosts = hosts;
    delete content.default;
    withoutSourceNotice(content);
    withOwnPress(content, input.copyFrom, input.id);
  } else content = blankContent({ id: input.id, name: input.name, hosts });
  // The complex's own name and facts (단지 기본 정보): every text's {단지명} becomes it, and its logo
  // is drawn from it at once.
  const identity = (content.identity ?? {}) as Record<string, unknown>;
  const given = Object.entries(input.identity ?? {}).filter(([, v]) => v?.trim());
  content.identity = {
    ...identity,
    ...Object.fromEntries(given.map(([k, v]) => [k, v!.trim()])),
    name: input.name.trim(),
  };
  const db = await getDb();
  const inserted = await db.transaction(async (tx) => {
    if (!(await insertDocument(tx, input.id, content, by, now))) return false;
    if (source)
      await recordCopySource(tx, input.id, copyRecord(input.copyFrom, source.content), now);
    return true;
  });
  if (!inserted)
    return { ok: false, problems: [{ path: "id", message: "이미 있는 단지 ID입니다" }] };
  storeChanged();
  return { ok: true };
}

/** Deletes a complex and its versions: only when it holds no leads (the caller checks). */
export async function deleteComplex(siteId: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    await tx.run("DELETE FROM site_versions WHERE site_id = $1", [siteId]);
    await dropCopySource(tx, siteId);
    const done = await tx.run("DELETE FROM site_documents WHERE site_id = $1", [siteId]);
    return done.changes === 1;
  });
  storeChanged();
  return deleted;
}
