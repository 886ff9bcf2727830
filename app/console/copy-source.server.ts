import { upgradeDocument } from "~/content/identity";
import { getDb, type Queryable } from "~/db/db.server";
import { identityStrings, type IdentityString } from "~/lib/identity-strings";
import type { FieldSchema } from "~/console/form-schema";
import {
  findLeftovers,
  leftoverList,
  type KeptFields,
  type Leftover,
  type LeftoverList,
} from "~/console/leftovers";

/*
 * What a copied complex remembers of its source (issue 39, item 3; migration 016): the source's
 * identity strings as they were when it was copied, and the fields the editor marked 그대로 두기.
 * The console lists the draft's leftovers (app/console/leftovers.ts) and 게시 refuses them
 * (content-store.server.ts publishDraft). A complex not made as a copy has no record and no
 * leftovers.
 */

export type CopySource = {
  sourceId: string;
  /** The source's 사이트 이름 when copied (its id if it had none). */
  sourceName: string;
  identity: IdentityString[];
  kept: KeptFields;
};

type Row = { source_id: string; source_name: string; identity: string; kept: string };

/** What a copy records of its source (and a folder made by `npm run sites -- new` keeps in a file). */
export type CopyRecord = Omit<CopySource, "kept"> & { kept?: KeptFields };

/** The file beside a copied folder's site.yaml holding its CopyRecord (scripts/sites.ts new). */
export const COPY_FILE = "copied-from.json";

/** The record of a copy of `sourceId`, whose document is `content`, as it is now. */
export function copyRecord(sourceId: string, content: unknown): CopyRecord {
  const identity = (upgradeDocument(content) as { identity?: { name?: unknown } }).identity;
  const name = typeof identity?.name === "string" ? identity.name.trim() : "";
  return { sourceId, sourceName: name || sourceId, identity: identityStrings(content) };
}

/** A CopyRecord read from a folder's file, or undefined when it is not one. */
export function parseCopyRecord(text: string): CopyRecord | undefined {
  try {
    const r = JSON.parse(text) as Partial<CopyRecord>;
    const identity = Array.isArray(r.identity)
      ? r.identity.filter(
          (i): i is IdentityString => typeof i?.what === "string" && typeof i?.value === "string",
        )
      : [];
    if (typeof r.sourceId !== "string" || !identity.length) return undefined;
    const kept = r.kept && typeof r.kept === "object" ? r.kept : {};
    return { sourceId: r.sourceId, sourceName: r.sourceName ?? r.sourceId, identity, kept };
  } catch {
    return undefined;
  }
}

/** Records `record` as the origin of the new complex `siteId`. */
export async function recordCopySource(
  db: Queryable,
  siteId: string,
  record: CopyRecord,
  now = new Date(),
) {
  await db.run(
    `INSERT INTO site_copy_sources (site_id, source_id, source_name, identity, kept, copied_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (site_id) DO UPDATE SET source_id = $2, source_name = $3, identity = $4,
       kept = $5, copied_at = $6`,
    [
      siteId,
      record.sourceId,
      record.sourceName,
      JSON.stringify(record.identity),
      JSON.stringify(record.kept ?? {}),
      now.toISOString(),
    ],
  );
}

export async function getCopySource(
  siteId: string,
  db?: Queryable,
): Promise<CopySource | undefined> {
  const row = await (db ?? (await getDb())).get<Row>(
    "SELECT source_id, source_name, identity, kept FROM site_copy_sources WHERE site_id = $1",
    [siteId],
  );
  if (!row) return undefined;
  return {
    sourceId: row.source_id,
    sourceName: row.source_name,
    identity: JSON.parse(row.identity) as IdentityString[],
    kept: JSON.parse(row.kept) as KeptFields,
  };
}

/**
 * Marks fields 그대로 두기, each with the value it holds now (`changes[path]` a string), or asks
 * about a field again (null). False when the complex is no copy.
 */
export async function setKept(siteId: string, changes: Record<string, string | null>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (tx.dialect === "postgres")
      await tx.run("SELECT 1 FROM site_copy_sources WHERE site_id = $1 FOR UPDATE", [siteId]);
    const source = await getCopySource(siteId, tx);
    if (!source) return false;
    const kept = { ...source.kept };
    for (const [path, value] of Object.entries(changes)) {
      if (value === null) delete kept[path];
      else kept[path] = value;
    }
    await tx.run("UPDATE site_copy_sources SET kept = $2 WHERE site_id = $1", [
      siteId,
      JSON.stringify(kept),
    ]);
    return true;
  });
}

export type Leftovers = {
  sourceId: string;
  sourceName: string;
  open: Leftover[];
  kept: Leftover[];
};

/** The leftovers of a complex's document, or null when it is no copy. */
export async function leftoversOf(
  siteId: string,
  content: unknown,
  db?: Queryable,
): Promise<Leftovers | null> {
  const source = await getCopySource(siteId, db);
  if (!source) return null;
  return {
    sourceId: source.sourceId,
    sourceName: source.sourceName,
    ...findLeftovers(content, source.identity, source.kept),
  };
}

/** The leftovers as the console lists them (labels of `schema`), or null when it is no copy. */
export async function consoleLeftovers(
  siteId: string,
  content: unknown,
  schema: FieldSchema,
): Promise<LeftoverList | null> {
  const leftovers = await leftoversOf(siteId, content);
  return leftovers && leftoverList(schema, content, leftovers);
}

/**
 * The editor's choice in 원본 단지 내용: the listed fields `keep` marked 그대로 두기 with the value
 * `content` (the saved draft) gives them, the kept fields `ask` asked about again. Paths not listed
 * are ignored. False when the complex is no copy.
 */
export async function markLeftovers(
  siteId: string,
  content: unknown,
  { keep, ask }: { keep: string[]; ask: string[] },
) {
  const leftovers = await leftoversOf(siteId, content);
  if (!leftovers) return false;
  const changes: Record<string, string | null> = {};
  for (const l of leftovers.open) if (keep.includes(l.path)) changes[l.path] = l.value;
  for (const l of leftovers.kept) if (ask.includes(l.path)) changes[l.path] = null;
  return setKept(siteId, changes);
}

/** Forgets a complex's origin (the complex deleted). */
export async function dropCopySource(db: Queryable, siteId: string) {
  await db.run("DELETE FROM site_copy_sources WHERE site_id = $1", [siteId]);
}
