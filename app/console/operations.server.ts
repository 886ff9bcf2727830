import { data, redirect } from "react-router";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { mayUse } from "~/auth/access.server";
import { milestoneLabel } from "~/content/pages";
import type { Milestone } from "~/content/schema";
import { adminHeaders } from "~/lib/admin-page";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { SITE_ID } from "~/lib/sites";
import { field, readForm } from "~/http/form.server";
import {
  checkLive,
  listChanges,
  readLive,
  revertChange,
  saveLive,
  type LiveChange,
  type LiveField,
  type VisitCapacity,
  valuesOf,
} from "~/sites/live.server";
import { allSites, baseSite, requireSite } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";
import { formToObject } from "./form-object";
import { focusAfter, opMessage } from "./form-focus";
import { applyOp, fieldId, parseOp, type FieldSchema } from "./form-schema";
import {
  isLiveSection,
  liveFormSchema,
  liveFormValue,
  liveJsonSchema,
  liveValues,
  type LiveSave,
  type LiveSection,
} from "./live-form";

/*
 * 운영 정보's server side (/admin/operations): the page's data, and its forms' saves and reverts.
 * A section's form is read back by its schema (./live-form.ts), checked, and stored as live values
 * over the content file's (app/sites/live.server.ts); the pages follow within seconds
 * (./sync.server.ts). An administrator of several complexes picks the complex (?site=).
 */

/** What a refused save or a list's edit without the script answers: the section's form again. */
export type OperationsAnswer = {
  section: LiveSection | "history" | "";
  /** Problems by the form's field names, shown beside each field. */
  errors: Record<string, string[]>;
  /** A problem of the section as a whole (or of the request). */
  message?: string;
  /** The section's value as sent (or as edited): nothing typed is lost. */
  value?: unknown;
  /** The control that takes focus, and what a list's edit changed (without the script). */
  focus?: string;
  announcement?: string;
};

/** The complex worked on: the host's, or ?site= for an administrator of that one's content too. */
async function target(request: Request) {
  const hostSite = requestSiteId(request);
  const admin = await requireArea(request, hostSite, "content");
  const wanted = new URL(request.url).searchParams.get("site");
  const siteId =
    wanted &&
    SITE_ID.test(wanted) &&
    allSites().some((s) => s.id === wanted) &&
    mayUse(admin, wanted, "content")
      ? wanted
      : hostSite;
  return { admin, siteId, hostSite };
}

export async function operationsPage(request: Request) {
  const { admin, siteId, hostSite } = await target(request);
  const site = requireSite(siteId);
  const [settings, changes] = await Promise.all([readLive(siteId), listChanges(siteId, 50)]);
  const choices = allSites()
    .filter((s) => mayUse(admin, s.id, "content"))
    .map((s) => ({ id: s.id, name: s.identity.name }));
  return {
    siteId,
    hostSite,
    choices: choices.length > 1 ? choices : [],
    schema: liveJsonSchema(site),
    value: liveFormValue(site),
    hasNotice: Boolean(site.notice),
    remainingAt: site.remainingUnits?.updatedAt ?? null,
    setFields: Object.fromEntries(
      [...settings].map(([f, s]) => [f, { updatedAt: s.updatedAt, updatedBy: s.updatedBy }]),
    ) as Partial<Record<LiveField, { updatedAt: string; updatedBy: string }>>,
    changes: changes.map((c) => ({
      ...c,
      old: shown(c, c.oldValue, siteId),
      new: shown(c, c.newValue, siteId),
    })),
    saved: new URL(request.url).searchParams.get("saved"),
  };
}

/**
 * A side of a change as the history shows it: the value set here, or the content file's value of
 * the time with "(콘텐츠 기본값)".
 */
function shown(change: LiveChange, value: unknown, siteId: string): string {
  if (value !== undefined) return describe(change.field, value, siteId);
  return `${describe(change.field, change.contentValue, siteId)} (콘텐츠 기본값)`;
}

/** A value as the history shows it, in a line; null: the content has none (no notice). */
function describe(field: LiveField, value: unknown, siteId: string): string {
  if (value === null || value === undefined)
    return field === "notice" ? "공지 없음" : field === "remainingUnits" ? "표시 안 함" : "없음";
  switch (field) {
    case "remainingUnits": {
      const r = value as { counts: Record<string, number> };
      const labels = new Map(requireSite(siteId).unitTypes.map((u) => [u.key, u.label]));
      return Object.entries(r.counts)
        .map(([k, n]) => `${labels.get(k) ?? k} ${n === 0 ? "마감" : `${n}세대`}`)
        .join(", ");
    }
    case "notice": {
      const n = value as { title: string; startsAt: string; endsAt: string };
      return `${n.title} (${formatKoreanDateTime(n.startsAt)} ~ ${formatKoreanDateTime(n.endsAt)})`;
    }
    case "schedule":
      return (value as Milestone[])
        .map((m) => `${milestoneLabel(m)} ${m.date ?? "추후 공지"}`)
        .join(", ");
    case "visitCapacity": {
      const c = value as VisitCapacity;
      return `슬롯당 ${c.perSlot}명, 예외 ${c.exceptions.length}건, 휴관일 ${c.closedDates.length}일`;
    }
    default:
      return String(value);
  }
}

const refused = (answer: OperationsAnswer) =>
  data(answer, { status: 400, headers: adminHeaders() });

/** A section's values saved together: each checked first, so one refusal keeps every one as it was. */
async function saveAll(siteId: string, by: string, saves: LiveSave[]) {
  const base = baseSite(siteId);
  let live = valuesOf(await readLive(siteId));
  const errors: Record<string, string[]> = {};
  const whole: string[] = [];
  const note = (save: LiveSave, problems: Record<string, string>) => {
    for (const [path, message] of Object.entries(problems)) {
      const name = save.fieldOf(path);
      if (name) (errors[name] ??= []).push(message);
      else whole.push(message);
    }
  };
  for (const save of saves) {
    const checked = checkLive(base, live, save.field, save.value as never);
    if (checked.ok) live = { ...live, [save.field]: save.value };
    else note(save, checked.errors);
  }
  for (const save of Object.keys(errors).length || whole.length ? [] : saves) {
    const saved = await saveLive(siteId, save.field, save.value as never, by);
    if (!saved.ok) {
      note(save, saved.errors);
      break;
    }
  }
  return { errors, message: whole.join(" ") || undefined };
}

/** A section's form read back by its schema: its value, a list's edit, or what is wrong with it. */
async function saveSection(siteId: string, by: string, section: LiveSection, form: FormData) {
  const site = requireSite(siteId);
  const whole = liveJsonSchema(site);
  const schema: FieldSchema = {
    type: "object",
    properties: { [section]: whole.properties![section]! },
    required: [section],
  };
  const root = formToObject(schema, form).value as Record<string, unknown>;
  const value = root[section];
  const op = parseOp(field(form, "$op"));
  if (op) {
    const edited = applyOp(root, schema, op) as Record<string, unknown>;
    return data<OperationsAnswer>(
      {
        section,
        errors: {},
        value: edited[section],
        focus: focusAfter(schema, edited, op),
        announcement: opMessage(schema, root, op),
      },
      { headers: adminHeaders() },
    );
  }
  const parsed = liveFormSchema(site.unitTypes).shape[section].safeParse(value);
  let errors: Record<string, string[]> = {};
  let message: string | undefined;
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      (errors[[section, ...issue.path].join(".")] ??= []).push(issue.message);
  } else {
    const saves = liveValues(section, { [section]: parsed.data } as never);
    ({ errors, message } = await saveAll(siteId, by, saves));
  }
  const names = Object.keys(errors);
  if (names.length === 0 && !message) return null;
  return refused({
    section,
    errors,
    message: message ?? "입력을 확인해 주세요. 아무것도 바뀌지 않았습니다.",
    value,
    // Without the script, the first field in error takes focus (zod reports in the schema's order,
    // which is the form's).
    focus: names.length ? fieldId(names[0]!) : undefined,
  });
}

export async function operationsAction(request: Request) {
  const crossSite = refuseCrossSite(request);
  if (crossSite) return crossSite;
  const { admin, siteId } = await target(request);
  const read = await readForm(request);
  if (!read.ok)
    return refused({
      section: "",
      errors: {},
      message: "요청을 읽지 못했습니다. 다시 시도해 주세요.",
    });
  const form = read.form;
  const intent = field(form, "intent");
  const by = admin.email;
  let section: OperationsAnswer["section"];
  if (intent === "revert") {
    section = "history";
    const result = await revertChange(siteId, field(form, "change"), by);
    if (!result.ok)
      return refused({ section, errors: {}, message: Object.values(result.errors).join(" ") });
  } else if (intent === "notice" && field(form, "$clear")) {
    section = "notice";
    const { errors, message } = await saveAll(siteId, by, [
      { field: "notice", value: undefined, fieldOf: () => "" },
    ]);
    if (message || Object.keys(errors).length)
      return refused({ section, errors: {}, message: message ?? Object.values(errors).join(" ") });
  } else if (isLiveSection(intent)) {
    section = intent;
    const answer = await saveSection(siteId, by, intent, form);
    if (answer) return answer;
  } else return refused({ section: "", errors: {}, message: "알 수 없는 요청입니다" });

  const params = new URLSearchParams({ saved: section });
  const wanted = new URL(request.url).searchParams.get("site");
  if (wanted) params.set("site", wanted);
  return redirect(`/admin/operations?${params}#${section}`, { headers: adminHeaders() });
}
