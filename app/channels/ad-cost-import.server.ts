/*
 * 광고비 가져오기 between its requests (issue 41): an uploaded cost file waits in ad_cost_pending
 * (any instance may answer the preview and the save) until it is saved, given up or 24 hours old;
 * what a person chose once for a complex (the utm_source of a platform's files, the columns of a
 * file no platform claims, the names of Naver's campaign IDs) is kept in ad_cost_choices and
 * proposed the next time. `planImport` reads a waiting file with those choices into what the page
 * shows (the mapping step or the preview); `saveImport` imports it (app/channels/ad-costs.server.ts).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import { channelSource, NO_SOURCE, OTHER_SOURCES } from "~/channels/channels";
import { parseAdCostFile, parseWithMapping, type ColumnMapping } from "~/channels/ad-cost/ad-cost";
import { headerKey } from "~/tables/header";
import { pendingUploads } from "~/tables/pending.server";
import type { CostRow, Platform, Refusal } from "~/channels/ad-cost/cost-rows";
import { importCosts, previewImport, SAME_FILE_MESSAGE } from "~/channels/ad-costs.server";
import { IMPORT_MESSAGES, USUAL_SOURCE } from "~/channels/ad-cost-import";

const costFiles = pendingUploads("ad_cost_pending");

/** Keeps an uploaded cost file of the complex until it is saved (its newest 20 wait): its id. */
export const keepPending = costFiles.keep;

/** A cost file of the complex still waiting (less than 24 hours old), or undefined. */
export const pendingFile = costFiles.get;

/** Forgets a waiting cost file of the complex (saved or given up). */
export const dropPending = costFiles.drop;

/** Forgets every cost file that waited 24 hours (the retention job): how many. */
export const purgePending = costFiles.purge;

type ChoiceKind = "source" | "mapping" | "campaign";

async function remember(
  siteId: string,
  kind: ChoiceKind,
  entries: readonly (readonly [key: string, value: string])[],
  by: string,
) {
  if (entries.length === 0) return;
  const db = await getDb();
  const at = new Date().toISOString();
  await db.transaction(async (tx) => {
    for (const [key, value] of entries)
      await tx.run(
        `INSERT INTO ad_cost_choices (site_id, kind, choice_key, value, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (site_id, kind, choice_key)
         DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
           updated_at = excluded.updated_at`,
        [siteId, kind, key, value, by, at],
      );
  });
}

async function remembered(siteId: string, kind: ChoiceKind, key?: string) {
  const db = await getDb();
  return db.all<{ choice_key: string; value: string }>(
    `SELECT choice_key, value FROM ad_cost_choices
     WHERE site_id = $1 AND kind = $2 ${key === undefined ? "" : "AND choice_key = $3"}`,
    key === undefined ? [siteId, kind] : [siteId, kind, key],
  );
}

/** Remembers the utm_source a platform's files are imported as, for the complex. */
export const rememberSource = (siteId: string, platform: Platform, source: string, by: string) =>
  remember(siteId, "source", [[platform, source]], by);

/** The utm_source the complex chose for a platform's files, or undefined. */
export async function rememberedSource(
  siteId: string,
  platform: Platform,
): Promise<string | undefined> {
  return (await remembered(siteId, "source", platform))[0]?.value;
}

const mappingSchema = z.object({
  day: z.string(),
  source: z.string().optional(),
  campaign: z.string().optional(),
  cost: z.string(),
  clicks: z.string().optional(),
  impressions: z.string().optional(),
  costIncludesVat: z.boolean(),
});

/** Remembers the columns picked for files with this header, for the complex. */
export const rememberMapping = (
  siteId: string,
  header: readonly string[],
  mapping: ColumnMapping,
  by: string,
) => remember(siteId, "mapping", [[headerKey(header), JSON.stringify(mapping)]], by);

/** The columns the complex picked for files with this header, or undefined. */
export async function rememberedMapping(
  siteId: string,
  header: readonly string[],
): Promise<ColumnMapping | undefined> {
  const [row] = await remembered(siteId, "mapping", headerKey(header));
  if (!row) return undefined;
  const parsed = mappingSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : undefined;
}

/** Remembers names of Naver campaign IDs, for the complex. */
export const rememberCampaignNames = (
  siteId: string,
  names: Readonly<Record<string, string>>,
  by: string,
) =>
  remember(
    siteId,
    "campaign",
    Object.entries(names).filter(([, name]) => name.trim() !== ""),
    by,
  );

/** The names the complex gave Naver campaign IDs, by ID. */
export async function campaignNames(siteId: string): Promise<Record<string, string>> {
  const rows = await remembered(siteId, "campaign");
  return Object.fromEntries(rows.map((r) => [r.choice_key, r.value]));
}

/** The complex's own utm_source values: those its landings, leads and cost files have had. */
export async function knownSources(siteId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.all<{ source: string }>(
    `SELECT source FROM channel_counts WHERE site_id = $1
     UNION SELECT utm_source AS source FROM leads WHERE site_id = $1 AND utm_source IS NOT NULL
     UNION SELECT source FROM ad_cost_imports WHERE site_id = $1`,
    [siteId],
  );
  const keys = new Set(rows.map((r) => channelSource(r.source)));
  keys.delete(NO_SOURCE);
  keys.delete(OTHER_SOURCES);
  return [...keys].sort().slice(0, 200);
}

/** The complex's imported files, newest first. */
export async function listImports(siteId: string) {
  const db = await getDb();
  const rows = await db.all<{
    id: string;
    source: string;
    platform: Platform | "manual";
    file_name: string;
    row_count: number;
    total_won: number;
    first_day: string;
    last_day: string;
    imported_by: string;
    imported_at: string;
  }>(
    `SELECT id, source, platform, file_name, row_count, total_won, first_day, last_day,
       imported_by, imported_at
     FROM ad_cost_imports WHERE site_id = $1 ORDER BY imported_at DESC, id LIMIT 500`,
    [siteId],
  );
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    platform: r.platform,
    fileName: r.file_name,
    rows: Number(r.row_count),
    totalWon: Number(r.total_won),
    firstDay: r.first_day,
    lastDay: r.last_day,
    importedBy: r.imported_by,
    importedAt: r.imported_at,
  }));
}

/** The source a typed value means (as channel_counts keys it), or null when it is none. */
function sourceOf(typed: string): string | null {
  const key = channelSource(typed.trim());
  return key === NO_SOURCE || key === OTHER_SOURCES ? null : key;
}

/** Per source, the rows it takes: a mapped file's own source column first, else `chosen`. */
function bySource(rows: readonly CostRow[], chosen: string | null) {
  const groups = new Map<string | null, CostRow[]>();
  for (const r of rows) {
    const source = (r.source === undefined ? null : sourceOf(r.source)) ?? chosen;
    let group = groups.get(source);
    if (!group) groups.set(source, (group = []));
    group.push(r);
  }
  return groups;
}

type FileFacts = { id: string; fileName: string; createdAt: string };

/** What a waiting file reads as, for the page. */
export type ImportPlan =
  | { step: "gone" }
  | { step: "refused"; file: FileFacts; message: string }
  | {
      step: "mapping";
      file: FileFacts;
      header: string[];
      proposed: ColumnMapping | undefined;
      message: string;
    }
  | {
      step: "preview";
      file: FileFacts;
      platform: Platform;
      /** A mapped file read with remembered columns (the page offers to pick them again). */
      mapped: boolean;
      /** The source asked for, else remembered, else the platform's usual one ("" when none). */
      source: string;
      /** Whether some rows have no source of their own and the chosen one is missing or not one. */
      needsSource: boolean;
      unnamedCampaigns: string[];
      refused: Refusal[];
      /** What a save must find as this preview showed it (planFingerprint). */
      fingerprint: string;
      rows: number;
      firstDay: string | null;
      lastDay: string | null;
      days: number;
      totalWon: number;
      campaigns: string[];
      /** Per source the rows go to: whether this very file is there already, and the days it replaces. */
      targets: {
        source: string;
        rows: number;
        totalWon: number;
        sameFile: boolean;
        replacedDays: { campaign: string; day: string }[];
      }[];
    };

type Plan<S extends ImportPlan["step"]> = Extract<ImportPlan, { step: S }>;

type PlanOptions = { source?: string; remap?: boolean };

/** Reads a waiting file of the complex with the complex's choices (`source`: the one typed, if any). */
export async function planImport(
  siteId: string,
  pendingId: string,
  options: PlanOptions = {},
): Promise<ImportPlan> {
  return (await readPlan(siteId, pendingId, options)).plan;
}

async function readPlan(
  siteId: string,
  pendingId: string,
  options: PlanOptions,
): Promise<{ plan: ImportPlan; rows: CostRow[]; sha256: string }> {
  const plan = (p: ImportPlan, rows: CostRow[] = [], sha256 = "") => ({ plan: p, rows, sha256 });
  const pending = await pendingFile(siteId, pendingId);
  if (!pending) return plan({ step: "gone" });
  const file = { id: pending.id, fileName: pending.fileName, createdAt: pending.createdAt };
  let result = await parseAdCostFile(pending.bytes, { campaignNames: await campaignNames(siteId) });
  let mapped = false;
  if (!result.ok && result.needsMapping) {
    const proposed = await rememberedMapping(siteId, result.header);
    if (!proposed || options.remap)
      return plan({
        step: "mapping",
        file,
        header: result.header,
        proposed,
        message: result.message,
      });
    result = await parseWithMapping(pending.bytes, proposed);
    mapped = true;
  }
  if (!result.ok) return plan({ step: "refused", file, message: result.message });

  const typed = options.source?.trim();
  const source =
    typed || (await rememberedSource(siteId, result.platform)) || USUAL_SOURCE[result.platform];
  const chosen = sourceOf(source);
  const groups = bySource(result.rows, chosen);
  const days = [...new Set(result.rows.map((r) => r.day))].sort();
  const targets = [];
  for (const [target, rows] of groups) {
    if (target === null) continue;
    const p = await previewImport(await getDb(), {
      siteId,
      source: target,
      fileSha256: pending.sha256,
      rows,
    });
    targets.push({
      source: target,
      rows: p.rows,
      totalWon: p.totalWon,
      sameFile: p.sameFile,
      replacedDays: p.replacedDays,
    });
  }
  const preview: Omit<Plan<"preview">, "fingerprint"> = {
    step: "preview",
    file,
    platform: result.platform,
    mapped,
    source,
    needsSource: groups.has(null),
    unnamedCampaigns: result.unnamedCampaigns,
    refused: result.refused,
    rows: result.rows.length,
    firstDay: days[0] ?? null,
    lastDay: days.at(-1) ?? null,
    days: days.length,
    totalWon: result.rows.reduce((n, r) => n + r.costWon, 0),
    campaigns: [...new Set(result.rows.map((r) => r.campaign))].sort((a, b) =>
      a.localeCompare(b, "ko"),
    ),
    targets,
  };
  return plan({ ...preview, fingerprint: planFingerprint(preview) }, result.rows, pending.sha256);
}

/** What a save answers: the files imported, or the Korean message of the field that stops it. */
export type SaveAnswer =
  | { ok: true; imported: { importId: string; source: string; rows: number; totalWon: number }[] }
  | {
      ok: false;
      field: "file" | "source" | "names" | "excludeRefused" | "replaceOverlap" | "form";
      message: string;
    };

/**
 * Saves a waiting file of the complex as the preview showed it (`previewed`: the preview's
 * fingerprint, planFingerprint): nothing when the preview would now read otherwise, when rows were
 * refused and `excludeRefused` is not given, when the source is missing, when this very file was
 * imported before, or when it covers campaign-days already stored and `replaceOverlap` is not given
 * (with it, those days are replaced). The chosen source is remembered for the platform, and the file forgotten.
 */
export async function saveImport(input: {
  siteId: string;
  pendingId: string;
  source: string;
  previewed: string;
  excludeRefused: boolean;
  replaceOverlap?: boolean;
  by: string;
}): Promise<SaveAnswer> {
  const {
    plan,
    rows: parsed,
    sha256,
  } = await readPlan(input.siteId, input.pendingId, {
    source: input.source,
  });
  if (plan.step === "gone") return { ok: false, field: "file", message: IMPORT_MESSAGES.gone };
  if (plan.step === "refused") return { ok: false, field: "file", message: plan.message };
  if (plan.step !== "preview")
    return { ok: false, field: "form", message: IMPORT_MESSAGES.changed };
  if (plan.needsSource)
    return {
      ok: false,
      field: "source",
      message: input.source.trim() ? IMPORT_MESSAGES.badSource : IMPORT_MESSAGES.noSource,
    };
  if (plan.unnamedCampaigns.length > 0)
    return { ok: false, field: "names", message: IMPORT_MESSAGES.unnamed };
  if (plan.fingerprint !== input.previewed)
    return { ok: false, field: "form", message: IMPORT_MESSAGES.changed };
  if (plan.refused.length > 0 && !input.excludeRefused)
    return {
      ok: false,
      field: "excludeRefused",
      message: IMPORT_MESSAGES.refused(plan.refused.length),
    };
  if (plan.rows === 0) return { ok: false, field: "form", message: IMPORT_MESSAGES.nothing };
  const same = plan.targets.find((t) => t.sameFile);
  if (same) return { ok: false, field: "file", message: SAME_FILE_MESSAGE };
  const overlap = plan.targets.reduce((n, t) => n + t.replacedDays.length, 0);
  if (overlap > 0 && !input.replaceOverlap)
    return { ok: false, field: "replaceOverlap", message: IMPORT_MESSAGES.overlap(overlap) };

  const groups = bySource(parsed, sourceOf(plan.source));
  const imported = [];
  for (const [source, rows] of groups) {
    const done = await importCosts({
      siteId: input.siteId,
      source: source!,
      platform: plan.platform,
      fileName: plan.file.fileName,
      fileSha256: sha256,
      rows,
      by: input.by,
    });
    if (!done.ok) return { ok: false, field: "file", message: done.message };
    imported.push({
      importId: done.importId,
      source: source!,
      rows: rows.length,
      totalWon: rows.reduce((n, r) => n + r.costWon, 0),
    });
  }
  const chosen = sourceOf(plan.source);
  if (chosen) await rememberSource(input.siteId, plan.platform, chosen, input.by);
  await dropPending(input.siteId, input.pendingId);
  return { ok: true, imported };
}

/**
 * What a save must find as its preview showed it: the sources, rows, cost, refusals and replaced
 * days. A preview made before another import, or with another source, differs.
 */
function planFingerprint(plan: Omit<Plan<"preview">, "fingerprint">): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        plan.rows,
        plan.totalWon,
        plan.refused.length,
        plan.targets.map((t) => [t.source, t.rows, t.totalWon, t.replacedDays.length]),
      ]),
    )
    .digest("hex")
    .slice(0, 16);
}
