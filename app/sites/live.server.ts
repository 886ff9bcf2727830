import { randomUUID } from "node:crypto";
import type { z } from "zod";
import {
  contactPhoneSchema,
  milestonesSchema,
  noticeSchema,
  remainingUnitsSchema,
  type Milestone,
  type Notice,
  type RemainingUnits,
  type Site,
} from "~/content/schema";
import { validateSite } from "~/content/validate";
import { getDb, type Queryable } from "~/db/db.server";
import { storeChanged } from "~/console/changes.server";
import { baseSite } from "./registry.server";

/*
 * Live operations (운영 정보): the values an administrator changes while a sale runs, each stored
 * over its default in the complex's content file (docs/decisions/020-live-operations.md). The
 * registry's site of a complex is its content with these values applied; every instance applies
 * them again when the complex's version (its number of changes) moves, and its pages are rendered
 * again then (sync.server.ts), so no visitor waits for a render.
 */

export type VisitCapacity = {
  /** Visitors per slot on any open day and time without an exception. */
  perSlot: number;
  /** Exceptions: a weekday (0 = Sunday) and a start time with its own capacity (0 = no visits). */
  exceptions: { weekday: number; time: string; capacity: number }[];
  /** Dates the model house stays closed (holidays), YYYY-MM-DD. */
  closedDates: string[];
};

/** What each field is, where it lives in the content, and how one value is checked. */
type FieldDef<T> = {
  label: string;
  read(site: Site): T | undefined;
  write(site: Site, value: T | undefined): void;
};

const fields = {
  phone: {
    label: "대표 전화번호",
    read: (s) => s.identity.phone,
    write: (s, v) => void (s.identity.phone = v ?? s.identity.phone),
  } satisfies FieldDef<string>,
  contactHours: {
    label: "상담 시간",
    read: (s) => s.contact.hours,
    write: (s, v) => void (s.contact.hours = v ?? s.contact.hours),
  } satisfies FieldDef<string>,
  modelHouseAddress: {
    label: "견본주택 주소",
    read: (s) => s.identity.modelHouseAddress,
    write: (s, v) => void (s.identity.modelHouseAddress = v ?? s.identity.modelHouseAddress),
  } satisfies FieldDef<string>,
  modelHouseHours: {
    label: "견본주택 운영 시간",
    read: (s) => s.modelHouse.hoursText,
    write: (s, v) => void (s.modelHouse.hoursText = v ?? s.modelHouse.hoursText),
  } satisfies FieldDef<string>,
  schedule: {
    label: "분양 일정",
    read: (s) => s.infoPages.schedule.milestones,
    write: (s, v) => void (s.infoPages.schedule.milestones = v ?? s.infoPages.schedule.milestones),
  } satisfies FieldDef<Milestone[]>,
  remainingUnits: {
    label: "잔여 세대",
    read: (s) => s.remainingUnits,
    write: (s, v) => {
      if (v) s.remainingUnits = v;
      else delete s.remainingUnits;
    },
  } satisfies FieldDef<RemainingUnits>,
  notice: {
    label: "공지",
    read: (s) => s.notice,
    write: (s, v) => {
      if (v) s.notice = v;
      else delete s.notice;
    },
  } satisfies FieldDef<Notice>,
  visitCapacity: {
    label: "방문 예약 인원·휴관일",
    read: (s) => ({
      perSlot: s.modelHouse.visits.capacityPerSlot,
      exceptions: s.modelHouse.visits.capacityExceptions ?? [],
      closedDates: s.modelHouse.visits.closedDates,
    }),
    write: (s, v) => {
      if (!v) return;
      s.modelHouse.visits.capacityPerSlot = v.perSlot;
      s.modelHouse.visits.capacityExceptions = v.exceptions;
      s.modelHouse.visits.closedDates = v.closedDates;
    },
  } satisfies FieldDef<VisitCapacity>,
};

export type LiveField = keyof typeof fields;
const LIVE_FIELDS = Object.keys(fields) as LiveField[];
const liveFieldLabel = (field: LiveField) => fields[field].label;
const isLiveField = (name: string): name is LiveField => name in fields;

type ValueOf<F extends LiveField> = NonNullable<ReturnType<(typeof fields)[F]["read"]>>;
export type LiveValues = { [F in LiveField]?: ValueOf<F> };

/** Zod's first message per field path (`counts.59A`, `3.date`), for the messages beside fields. */
function messagesOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

/** The schema a single value is first checked with (the whole complex is checked after). */
const shapes: Partial<Record<LiveField, z.ZodType>> = {
  phone: contactPhoneSchema,
  // Order and keys too: a message names the milestone, beside its field.
  schedule: milestonesSchema,
  remainingUnits: remainingUnitsSchema,
  notice: noticeSchema,
};

/** A complex's content with these live values applied (a copy; the content is left as it was). */
export function applyLive(base: Site, values: LiveValues): Site {
  const site = structuredClone(base);
  for (const field of LIVE_FIELDS) {
    const value = values[field];
    if (value !== undefined) (fields[field] as FieldDef<unknown>).write(site, value);
  }
  return site;
}

export type Checked<F extends LiveField> =
  | { ok: true; value: ValueOf<F> | undefined; site: Site }
  | { ok: false; errors: Record<string, string> };

/**
 * Checks a new value of one field (undefined: back to the content file's) against the same rules as
 * the content: its own schema, then the whole complex with it. Messages are keyed by the path
 * inside the value ("" for the value as a whole).
 */
export function checkLive<F extends LiveField>(
  base: Site,
  current: LiveValues,
  field: F,
  value: ValueOf<F> | undefined,
): Checked<F> {
  const shape = shapes[field];
  if (value !== undefined && shape) {
    const parsed = shape.safeParse(value);
    if (!parsed.success) return { ok: false, errors: messagesOf(parsed.error) };
    // In the content's form ("0212345678" is kept as "02-1234-5678").
    value = parsed.data as ValueOf<F>;
  }
  const site = applyLive(base, { ...current, [field]: value });
  try {
    const checked = validateSite(site, `${base.id}`);
    return { ok: true, value, site: checked };
  } catch (error) {
    // A rule that spans the complex (unit keys): one message for the field.
    const lines = (error as Error).message.split("\n").map((l) => l.replace(/^[^:]+: /, ""));
    return { ok: false, errors: { "": lines.join(" ") } };
  }
}

type SettingRow = { field: string; value: string; updated_at: string; updated_by: string };

export type LiveSetting = { value: unknown; updatedAt: string; updatedBy: string };

/** The live values stored for a complex, with when and by whom each was set. */
export async function readLive(
  siteId: string,
  db?: Queryable,
): Promise<Map<LiveField, LiveSetting>> {
  const rows = await (db ?? (await getDb())).all<SettingRow>(
    "SELECT field, value, updated_at, updated_by FROM live_settings WHERE site_id = $1",
    [siteId],
  );
  const out = new Map<LiveField, LiveSetting>();
  for (const r of rows) {
    if (!isLiveField(r.field)) continue;
    out.set(r.field, {
      value: JSON.parse(r.value) as unknown,
      updatedAt: r.updated_at,
      updatedBy: r.updated_by,
    });
  }
  return out;
}

export const valuesOf = (settings: Map<LiveField, LiveSetting>) =>
  Object.fromEntries([...settings].map(([f, s]) => [f, s.value])) as LiveValues;

export type SaveResult = { ok: true } | { ok: false; errors: Record<string, string> };

/**
 * Sets (or, with undefined, clears back to the content file's value) one field of a complex, and
 * records the change. Nothing is stored when the value fails the content's rules. `reverts`: the
 * change this one undoes.
 */
export async function saveLive<F extends LiveField>(
  siteId: string,
  field: F,
  value: ValueOf<F> | undefined,
  by: string,
  reverts?: string,
): Promise<SaveResult> {
  const db = await getDb();
  const base = baseSite(siteId);
  let stored = false;
  const result = await db.transaction(async (tx): Promise<SaveResult> => {
    const settings = await readLive(siteId, tx);
    const checked = checkLive(base, valuesOf(settings), field, value);
    if (!checked.ok) return checked;
    value = checked.value;
    const old = settings.get(field)?.value;
    const oldText = old === undefined ? null : JSON.stringify(old);
    const newText = value === undefined ? null : JSON.stringify(value);
    // Saving what the complex already shows (a form saved with a field untouched) is no change.
    const shown = (site: Site) => JSON.stringify(fields[field].read(site) ?? null);
    const same =
      oldText === newText ||
      (value !== undefined && shown(checked.site) === shown(applyLive(base, valuesOf(settings))));
    if (same && !reverts) return { ok: true };
    const at = new Date().toISOString();
    if (newText === null) {
      await tx.run("DELETE FROM live_settings WHERE site_id = $1 AND field = $2", [siteId, field]);
    } else {
      await tx.run(
        `INSERT INTO live_settings (site_id, field, value, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (site_id, field)
         DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,
                       updated_by = excluded.updated_by`,
        [siteId, field, newText, at, by],
      );
    }
    // The content file's value now, for the history's "1600-0000 (콘텐츠 기본값)".
    const contentText = JSON.stringify(fields[field].read(base) ?? null);
    await tx.run(
      `INSERT INTO live_changes
         (id, site_id, field, old_value, new_value, changed_by, changed_at, reverts, content_value)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [randomUUID(), siteId, field, oldText, newText, by, at, reverts ?? null, contentText],
    );
    stored = true;
    return { ok: true };
  });
  // Committed: this instance's pages follow at once (sync.server.ts).
  if (stored) storeChanged();
  return result;
}

export type LiveChange = {
  id: string;
  field: LiveField;
  label: string;
  /** undefined: the content file's value (`contentValue`). */
  oldValue: unknown;
  newValue: unknown;
  /** The content file's value of the field when the change was made; null when it had none. */
  contentValue: unknown;
  changedBy: string;
  changedAt: string;
  reverts: string | null;
};

type ChangeRow = {
  id: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  changed_by: string;
  changed_at: string;
  reverts: string | null;
  content_value: string | null;
};

const parse = (text: string | null) => (text === null ? undefined : (JSON.parse(text) as unknown));

function changeOf(r: ChangeRow, siteId: string): LiveChange | null {
  if (!isLiveField(r.field)) return null;
  return {
    id: r.id,
    field: r.field,
    label: liveFieldLabel(r.field),
    oldValue: parse(r.old_value),
    newValue: parse(r.new_value),
    // A change recorded before the content's value was kept with it: the content's value today.
    contentValue:
      r.content_value === null
        ? (fields[r.field].read(baseSite(siteId)) ?? null)
        : JSON.parse(r.content_value),
    changedBy: r.changed_by,
    changedAt: r.changed_at,
    reverts: r.reverts,
  };
}

/** A complex's changes, newest first. */
export async function listChanges(siteId: string, limit = 50): Promise<LiveChange[]> {
  const db = await getDb();
  const rows = await db.all<ChangeRow>(
    `SELECT id, field, old_value, new_value, changed_by, changed_at, reverts, content_value
     FROM live_changes WHERE site_id = $1 ORDER BY changed_at DESC, id DESC LIMIT $2`,
    [siteId, limit],
  );
  return rows.map((r) => changeOf(r, siteId)).filter((c): c is LiveChange => c !== null);
}

/**
 * Undoes one change: its field gets the value it had before (the content file's if it had none),
 * recorded as a change of its own. Refused (with the reason) when that value no longer fits the
 * complex.
 */
export async function revertChange(siteId: string, changeId: string, by: string) {
  const db = await getDb();
  const row = await db.get<ChangeRow>(
    `SELECT id, field, old_value, new_value, changed_by, changed_at, reverts, content_value
     FROM live_changes WHERE site_id = $1 AND id = $2`,
    [siteId, changeId],
  );
  const change = row && changeOf(row, siteId);
  if (!change) return { ok: false as const, errors: { "": "되돌릴 변경을 찾지 못했습니다" } };
  return saveLive(
    siteId,
    change.field,
    change.oldValue as ValueOf<typeof change.field> | undefined,
    by,
    change.id,
  );
}
