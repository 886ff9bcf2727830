import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Site } from "~/content/schema";
import { upgradeDocument } from "~/content/identity";
import { siteProblems, type SiteProblem } from "~/content/validate";
import { getDb, type Queryable } from "~/db/db.server";
import { themeContrastProblems } from "~/lib/contrast";
import { imageUrl, photoWidths } from "~/lib/images";
import { leftoverProblem } from "~/console/leftovers";
import { ensureDrawn } from "~/media/drawn.server";
import { COPY_FILE, leftoversOf, parseCopyRecord, recordCopySource } from "./copy-source.server";
import { BLANK_NUMBER_MESSAGE, BLANK_NUMBERS } from "./blank.server";
import { storeChanged } from "./changes.server";
import { defaultProblems, hostProblems, isDefaultSite, sameHosts } from "~/sites/hosts.server";
import { SITE_FILE, sitesRoot } from "~/sites/folders.server";
import { readSiteFile, siteFromData } from "~/sites/registry.server";
import { resolveSiteData } from "~/sites/site-pictures.server";

/*
 * A complex's content in the database (issue 29, docs/decisions/031-content-store.md): one draft,
 * which the console edits, and the published versions, each the whole document as
 * `sites/<id>/site.yaml` has it (picture slots unresolved, or pointing at another complex's pictures
 * or the media store). `sites/<id>/` folders are how a complex comes in: the samples are imported on
 * the first start, and a folder imported again becomes a new draft, never a published version.
 * The registry (registry.server.ts) serves each complex's current version; every instance follows
 * the store once a second and renders a complex's pages again when its version or state moved
 * (sync.server.ts).
 */

export type Draft = {
  siteId: string;
  content: Record<string, unknown>;
  revision: number;
  savedAt: string;
  savedBy: string;
};

export type Version = {
  version: number;
  note: string;
  publishedBy: string;
  publishedAt: string;
  /** When it is (or was, or will be) served: a scheduled publish has a time still to come. */
  liveFrom: string;
};

/** One field that differs between two documents: its path and both values (undefined: absent). */
export type FieldChange = { path: string; old: unknown; new: unknown };

type DocumentRow = {
  site_id: string;
  draft: string;
  draft_revision: number | string;
  draft_saved_at: string;
  draft_saved_by: string;
  state: "live" | "unpublished";
};

const IMPORTED_BY = "폴더에서 가져옴";

/** Where a complex's own pictures would be, if it came as a folder. */
export const folderOf = (siteId: string) => join(sitesRoot(), siteId);

/** A document as the registry serves it: resolved and validated (throws the Korean messages). */
export function siteOfDocument(siteId: string, content: unknown, label = `단지 ${siteId}`): Site {
  return siteFromData(content, folderOf(siteId), label);
}

/**
 * The numbers a blank start left as placeholders (blank.server.ts) and the editor has not replaced:
 * a visitor must never be shown a number nobody answers.
 */
function placeholderNumbers(content: unknown): SiteProblem[] {
  const at = (path: string) =>
    path
      .split(".")
      .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], content);
  return Object.entries(BLANK_NUMBERS)
    .filter(([path, value]) => at(path) === value)
    .map(([path]) => ({ path, message: BLANK_NUMBER_MESSAGE }));
}

/**
 * Every problem that keeps a document from being published, each with its field's path: a picture
 * slot without a picture, then the schema's messages, then a theme colour whose text would be
 * under 4.5:1 (its help text's promise), then a number a blank start left as a placeholder. A
 * copy's leftovers are checked apart (`publishDraft`).
 */
export function documentProblems(siteId: string, content: unknown): SiteProblem[] {
  const resolved = resolveSiteData(content, folderOf(siteId));
  const pictures = resolved.problems.map((described) => ({
    // At its upload control (app/console/form-schema.ts fieldKeyOf).
    path: /^([\w.]+\.src) /.exec(described)?.[1] ?? "",
    message: "사진 파일이 없습니다. 사진을 다시 올려 주세요.",
    described,
  }));
  return [
    ...pictures,
    ...siteProblems(resolved.data),
    ...themeContrastProblems(resolved.data),
    ...placeholderNumbers(content),
  ];
}

/**
 * Each picture of a document as the console shows it, by its field's path (`home.hero.wide`): a
 * small variant's URL, from the picture the slot resolves to (a folder's own, a drawing, shared, or
 * uploaded), which the document itself does not name.
 */
export function picturePreviews(siteId: string, content: unknown): Record<string, string> {
  const previews: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${path}.${i}`));
    if (!value || typeof value !== "object") return;
    const o = value as Record<string, unknown>;
    if (typeof o.src === "string" && "alt" in o && typeof o.width === "number") {
      const image = { src: o.src, width: o.width };
      previews[path] = imageUrl(image, photoWidths(image)[0]);
      return;
    }
    for (const [k, v] of Object.entries(o)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(resolveSiteData(content, folderOf(siteId)).data, "");
  return previews;
}

/** A document's key: equal documents render equal pages (server/app.js reuses the build's). */
export function contentKey(site: Site): string {
  return createHash("sha256").update(JSON.stringify(site)).digest("base64url").slice(0, 22);
}

/** A stored document, in today's shape whenever it was saved (content/identity.ts). */
const asObject = (text: string) => upgradeDocument(JSON.parse(text) as Record<string, unknown>);

function toDraft(row: DocumentRow): Draft {
  return {
    siteId: row.site_id,
    content: asObject(row.draft),
    revision: Number(row.draft_revision),
    savedAt: row.draft_saved_at,
    savedBy: row.draft_saved_by,
  };
}

async function documentRow(db: Queryable, siteId: string): Promise<DocumentRow | undefined> {
  return db.get<DocumentRow>(
    `SELECT site_id, draft, draft_revision, draft_saved_at, draft_saved_by, state
     FROM site_documents WHERE site_id = $1`,
    [siteId],
  );
}

/**
 * A new complex in the store, its document `content`; published at once (`publish`: the samples on
 * the first start) or left a draft. False when the id is taken (another instance did it first).
 */
export async function insertDocument(
  db: Queryable,
  siteId: string,
  content: unknown,
  by: string,
  now: Date,
  publish?: { note: string },
): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db.run(
    `INSERT INTO site_documents (site_id, draft, draft_revision, draft_saved_at, draft_saved_by,
       state, state_changed_at, created_at, created_by)
     VALUES ($1, $2, 1, $3, $4, 'live', $3, $3, $4) ON CONFLICT (site_id) DO NOTHING`,
    [siteId, JSON.stringify(content), at, by],
  );
  if (inserted.changes === 0) return false;
  if (publish) {
    await db.run(
      `INSERT INTO site_versions (site_id, version, content, note, published_by, published_at, live_from)
       VALUES ($1, 1, $2, $3, $4, $5, $5)`,
      [siteId, JSON.stringify(content), publish.note, by, at],
    );
  }
  return true;
}

/** The ids of the complexes whose folder is under `root` (`sites/<id>/site.yaml`). */
function folderIds(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, SITE_FILE)))
    .map((d) => d.name)
    .sort();
}

/**
 * The folders the store has never seen, imported and published (the samples on the first start, a
 * developer's folder handed over). A folder the store knows is never read again here: after its
 * import the database is the truth; `importFolder` makes it a new draft on request.
 */
export async function importNewFolders(root = sitesRoot(), now = new Date()): Promise<string[]> {
  const db = await getDb();
  const known = new Set(
    (await db.all<{ site_id: string }>("SELECT site_id FROM site_documents")).map((r) => r.site_id),
  );
  const imported: string[] = [];
  for (const id of folderIds(root).filter((id) => !known.has(id))) {
    const content = readSiteFile(join(root, id), `sites/${id}`);
    // Checked as the build checks it: a folder that would not build is not imported.
    siteOfDocument(id, content, `sites/${id}/${SITE_FILE}`);
    // A folder made by `npm run sites -- new` names its source: the console lists what is left of
    // it, and refuses it at 게시 (copy-source.server.ts).
    const copyFile = join(root, id, COPY_FILE);
    const copied = existsSync(copyFile)
      ? parseCopyRecord(readFileSync(copyFile, "utf8"))
      : undefined;
    const done = await db.transaction(async (tx) => {
      const inserted = await insertDocument(tx, id, content, IMPORTED_BY, now, {
        note: "폴더에서 가져와 게시",
      });
      if (inserted && copied) await recordCopySource(tx, id, copied, now);
      return inserted;
    });
    if (done) imported.push(id);
  }
  return imported;
}

/**
 * A complex's folder read again into its draft (console or `npm run sites -- import`): a new draft,
 * whatever the draft held; published versions untouched. A complex the store does not know is
 * created, as a draft.
 */
export async function importFolder(
  siteId: string,
  dir: string,
  by: string,
  now = new Date(),
): Promise<{ ok: true; created: boolean } | { ok: false; problems: SiteProblem[] }> {
  const content = readSiteFile(dir, dir) as Record<string, unknown>;
  if (content?.id !== siteId) {
    return { ok: false, problems: [{ path: "id", message: `id가 ${siteId}가 아닙니다` }] };
  }
  return { ok: true, created: await importDocument(siteId, content, by, now) };
}

/**
 * A complex's whole document as its new draft (a folder or zip imported: app/console/portable.server.ts);
 * published versions untouched. A complex the store does not know is created, as a draft (true).
 */
export async function importDocument(
  siteId: string,
  content: Record<string, unknown>,
  by: string,
  now = new Date(),
): Promise<boolean> {
  const db = await getDb();
  if (await db.transaction((tx) => insertDocument(tx, siteId, content, by, now))) return true;
  await db.run(
    `UPDATE site_documents SET draft = $2, draft_revision = draft_revision + 1,
       draft_saved_at = $3, draft_saved_by = $4 WHERE site_id = $1`,
    [siteId, JSON.stringify(content), now.toISOString(), by],
  );
  return false;
}

export async function getDraft(siteId: string): Promise<Draft | undefined> {
  const row = await documentRow(await getDb(), siteId);
  return row && toDraft(row);
}

/** Every leaf that differs between two documents (arrays compared item by item). */
export function diffContent(a: unknown, b: unknown, path = ""): FieldChange[] {
  const isContainer = (v: unknown) => v !== null && typeof v === "object";
  if (isContainer(a) && isContainer(b) && Array.isArray(a) === Array.isArray(b)) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])];
    return keys.flatMap((k) => diffContent(ao[k], bo[k], path ? `${path}.${k}` : k));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path, old: a, new: b }];
}

export type SaveResult =
  | { ok: true; revision: number }
  | {
      ok: false;
      reason: "stale";
      /** The fields the other editor changed since `baseRevision`'s draft. */
      changed: FieldChange[];
      revision: number;
      savedBy: string;
    }
  | { ok: false; reason: "missing" };

/**
 * Saves the console's draft. `base` is the draft the editor started from (its revision and
 * content): a save based on an older revision is refused with the fields the other editor changed,
 * and the caller keeps the editor's values in the form (issue 29, item 6). Never touches the pages.
 */
export async function saveDraft(
  siteId: string,
  content: Record<string, unknown>,
  base: { revision: number; content?: unknown },
  by: string,
  now = new Date(),
): Promise<SaveResult> {
  const db = await getDb();
  const updated = await db.run(
    `UPDATE site_documents SET draft = $2, draft_revision = draft_revision + 1,
       draft_saved_at = $3, draft_saved_by = $4 WHERE site_id = $1 AND draft_revision = $5`,
    [siteId, JSON.stringify(content), now.toISOString(), by, base.revision],
  );
  const row = await documentRow(db, siteId);
  if (!row) return { ok: false, reason: "missing" };
  if (updated.changes === 1) return { ok: true, revision: Number(row.draft_revision) };
  const current = asObject(row.draft);
  return {
    ok: false,
    reason: "stale",
    changed:
      base.content === undefined
        ? diffContent(content, current)
        : diffContent(base.content, current),
    revision: Number(row.draft_revision),
    savedBy: row.draft_saved_by,
  };
}

type VersionRow = {
  version: number | string;
  note: string;
  published_by: string;
  published_at: string;
  live_from: string;
};

const toVersion = (r: VersionRow): Version => ({
  version: Number(r.version),
  note: r.note,
  publishedBy: r.published_by,
  publishedAt: r.published_at,
  liveFrom: r.live_from,
});

/** A complex's versions, newest first. */
export async function listVersions(siteId: string): Promise<Version[]> {
  const db = await getDb();
  const rows = await db.all<VersionRow>(
    `SELECT version, note, published_by, published_at, live_from FROM site_versions
     WHERE site_id = $1 ORDER BY version DESC`,
    [siteId],
  );
  return rows.map(toVersion);
}

export async function versionContent(
  siteId: string,
  version: number,
): Promise<Record<string, unknown> | undefined> {
  const db = await getDb();
  const row = await db.get<{ content: string }>(
    "SELECT content FROM site_versions WHERE site_id = $1 AND version = $2",
    [siteId, version],
  );
  return row && asObject(row.content);
}

export type PublishResult =
  | { ok: true; version: number; liveFrom: string }
  | { ok: false; problems: SiteProblem[] };

/**
 * Publishes the draft as it is now: checked whole with the build's Korean messages (each naming its
 * field), nothing published while one remains. Served from `liveFrom` (now, or a scheduled time) by
 * every instance within a second of it (sync.server.ts).
 */
export async function publishDraft(
  siteId: string,
  by: string,
  { note = "", liveFrom, now = new Date() }: { note?: string; liveFrom?: Date; now?: Date } = {},
): Promise<PublishResult> {
  const db = await getDb();
  const draft = await getDraft(siteId);
  if (!draft) return { ok: false, problems: [{ path: "", message: "없는 단지입니다" }] };
  // A copy's fields still holding its source's identity, but those marked 그대로 두기.
  const leftovers = await leftoversOf(siteId, draft.content);
  const problems = [
    ...documentProblems(siteId, draft.content),
    ...(leftovers?.open ?? []).map(leftoverProblem),
  ];
  if (problems.length) return { ok: false, problems };
  // Its logo and share image drawn from its identity now, unless uploaded: in the store before a
  // page names them.
  await ensureDrawn(siteOfDocument(siteId, draft.content));
  const from = (liveFrom && liveFrom > now ? liveFrom : now).toISOString();
  const published = await db.transaction(async (tx) => {
    // Its hosts and 기본 단지 mark checked again where nothing else publishes meanwhile: a draft
    // saved before the rule, or a race, does not take another complex's address, nor make a
    // second default (app/sites/hosts.server.ts).
    if (tx.dialect === "postgres")
      await tx.run("SELECT pg_advisory_xact_lock(hashtext($1))", ["site-hosts"]);
    const taken = [
      ...(await hostProblems(siteId, draft.content.hosts, { db: tx, now })),
      ...(await defaultProblems(siteId, draft.content, { db: tx, now })),
    ];
    if (taken.length) return { ok: false as const, problems: taken };
    const last = await tx.get<{ v: number | string | null }>(
      "SELECT MAX(version) AS v FROM site_versions WHERE site_id = $1",
      [siteId],
    );
    const next = Number(last?.v ?? 0) + 1;
    await tx.run(
      `INSERT INTO site_versions (site_id, version, content, note, published_by, published_at, live_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [siteId, next, JSON.stringify(draft.content), note.trim(), by, now.toISOString(), from],
    );
    // A complex published (again) is live: its hosts serve its pages.
    await tx.run(
      `UPDATE site_documents SET state = 'live', state_changed_at = $2 WHERE site_id = $1`,
      [siteId, now.toISOString()],
    );
    return { ok: true as const, version: next };
  });
  if (!published.ok) return published;
  storeChanged();
  return { ok: true, version: published.version, liveFrom: from };
}

/** What a restore kept of the draft instead of the version's: its hosts, its 기본 단지 mark. */
export type KeptAddress = "hosts" | "default";

/**
 * A version back in the draft, in one step (the editor publishes it when ready). With
 * `keepAddress` (an account that may not change them: app/sites/hosts.server.ts mayChangeHosts)
 * the draft keeps its own hosts and 기본 단지 mark, so that an old version does not undo the
 * agency's change of them; `kept` names those that differed and were kept.
 */
export async function restoreVersion(
  siteId: string,
  version: number,
  by: string,
  { keepAddress, now = new Date() }: { keepAddress: boolean; now?: Date },
): Promise<{ ok: true; revision: number; kept: KeptAddress[] } | { ok: false }> {
  const content = await versionContent(siteId, version);
  if (!content) return { ok: false };
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The draft read is the one replaced: a save meanwhile waits (SQLite's transactions do so).
    if (tx.dialect === "postgres")
      await tx.run("SELECT 1 FROM site_documents WHERE site_id = $1 FOR UPDATE", [siteId]);
    const current = await documentRow(tx, siteId);
    if (!current) return { ok: false as const };
    const kept: KeptAddress[] = [];
    if (keepAddress) {
      const draft = asObject(current.draft);
      if (!sameHosts(content, draft)) kept.push("hosts");
      if (isDefaultSite(content) !== isDefaultSite(draft)) kept.push("default");
      if (draft.hosts === undefined) delete content.hosts;
      else content.hosts = draft.hosts;
      if (isDefaultSite(draft)) content.default = true;
      else delete content.default;
    }
    await tx.run(
      `UPDATE site_documents SET draft = $2, draft_revision = draft_revision + 1,
         draft_saved_at = $3, draft_saved_by = $4 WHERE site_id = $1`,
      [siteId, JSON.stringify(content), now.toISOString(), by],
    );
    const row = await documentRow(tx, siteId);
    return { ok: true as const, revision: Number(row!.draft_revision), kept };
  });
}

/** Takes a complex's pages down (its hosts answer 준비 중), or puts them back. */
export async function setServed(siteId: string, served: boolean, now = new Date()) {
  const db = await getDb();
  const done = await db.run(
    "UPDATE site_documents SET state = $2, state_changed_at = $3 WHERE site_id = $1",
    [siteId, served ? "live" : "unpublished", now.toISOString()],
  );
  storeChanged();
  return done.changes === 1;
}
