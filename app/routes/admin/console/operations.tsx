import { data, Form, Link, redirect } from "react-router";
import { useEffect, type ReactNode } from "react";
import type { Route } from "./+types/operations";
import { FormMessage } from "~/components/admin/form-message";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { mayUse } from "~/auth/access.server";
import { milestoneLabel } from "~/content/pages";
import type { Milestone, Site } from "~/content/schema";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { formatKoreanDateTime, isoToKstInput, kstInputToIso } from "~/lib/korean-time";
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

/*
 * /admin/operations (운영 정보): what the sales office changes during the sale, per complex: the
 * phone and hours, the model house, the schedule, the remaining units, a notice and the visit
 * slots. Each form saves its values over the content file's (app/sites/live.server.ts); the pages
 * follow within seconds (console/sync.server.ts). Every change is listed below with a one-step revert.
 * An administrator of several complexes picks the complex (?site=); others work their own.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "운영 정보");
export const headers = adminHeaders;

const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"];

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

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, siteId, hostSite } = await target(request);
  const site = requireSite(siteId);
  const [settings, changes] = await Promise.all([readLive(siteId), listChanges(siteId, 50)]);
  const choices = allSites()
    .filter((s) => mayUse(admin, s.id, "content"))
    .map((s) => ({ id: s.id, name: s.identity.name }));
  return data(
    {
      siteId,
      hostSite,
      choices: choices.length > 1 ? choices : [],
      current: currentValues(site),
      setFields: Object.fromEntries(
        [...settings].map(([f, s]) => [f, { updatedAt: s.updatedAt, updatedBy: s.updatedBy }]),
      ) as Partial<Record<LiveField, { updatedAt: string; updatedBy: string }>>,
      changes: changes.map((c) => ({
        ...c,
        old: shown(c, c.oldValue, siteId),
        new: shown(c, c.newValue, siteId),
      })),
      saved: new URL(request.url).searchParams.get("saved"),
    },
    { headers: adminHeaders() },
  );
}

/** What the forms show: the complex's values now (content file's, or set here). */
function currentValues(site: Site) {
  const v = site.modelHouse.visits;
  return {
    phone: site.identity.phone,
    contactHours: site.contact.hours,
    modelHouseAddress: site.identity.modelHouseAddress,
    modelHouseHours: site.modelHouse.hoursText,
    units: site.unitTypes.map((u) => ({ key: u.key, label: u.label })),
    remaining: site.remainingUnits
      ? {
          updatedAt: site.remainingUnits.updatedAt,
          counts: Object.fromEntries(
            Object.entries(site.remainingUnits.counts).map(([k, n]) => [k, String(n)]),
          ),
        }
      : null,
    notice: site.notice
      ? {
          title: site.notice.title,
          text: site.notice.text,
          link: site.notice.link ?? "",
          startsAt: isoToKstInput(site.notice.startsAt),
          endsAt: isoToKstInput(site.notice.endsAt),
        }
      : null,
    milestones: site.infoPages.schedule.milestones,
    perSlot: String(v.capacityPerSlot),
    exceptions: (v.capacityExceptions ?? [])
      .map((e) => `${WEEKDAYS[e.weekday]} ${e.time} ${e.capacity}`)
      .join("\n"),
    closedDates: v.closedDates.join("\n"),
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

type Errors = Record<string, string>;
type Answer = {
  section: string;
  errors: Errors;
  values: Record<string, string>;
  /** The schedule's rows as submitted (repeated names). */
  rows?: Record<string, string>[];
};

const text = (form: FormData, name: string) => field(form, name).trim();
/** A text field left empty: back to the content file's value (as the page says). */
const textOrDefault = (form: FormData, name: string) => text(form, name) || undefined;

/** One form's fields saved in order; the first refusal stops, and nothing of it is kept. */
async function saveAll(
  siteId: string,
  by: string,
  section: string,
  values: Record<string, string>,
  saves: { field: LiveField; value: unknown; errorKey: (path: string) => string }[],
): Promise<Answer | null> {
  // Every value checked before any is stored: one bad field leaves the others as they were too.
  const base = baseSite(siteId);
  let live = valuesOf(await readLive(siteId));
  const errors: Errors = {};
  for (const { field: f, value, errorKey } of saves) {
    const checked = checkLive(base, live, f, value as never);
    if (checked.ok) live = { ...live, [f]: value };
    else
      for (const [path, message] of Object.entries(checked.errors))
        errors[errorKey(path)] ??= message;
  }
  if (Object.keys(errors).length) return { section, errors, values };
  for (const { field: f, value, errorKey } of saves) {
    const saved = await saveLive(siteId, f, value as never, by);
    if (!saved.ok) {
      for (const [path, message] of Object.entries(saved.errors))
        errors[errorKey(path)] ??= message;
      return { section, errors, values };
    }
  }
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const { admin, siteId } = await target(request);
  const read = await readForm(request);
  if (!read.ok)
    return data(
      { section: "", errors: { "": "요청을 읽지 못했습니다. 다시 시도해 주세요." }, values: {} },
      { status: 400, headers: adminHeaders() },
    );
  const form = read.form;
  const intent = field(form, "intent");
  const by = admin.email;
  const values = Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === "string") as [string, string][],
  );
  let answer: Answer | null = null;

  if (intent === "contact") {
    answer = await saveAll(siteId, by, intent, values, [
      { field: "phone", value: textOrDefault(form, "phone"), errorKey: () => "phone" },
      {
        field: "contactHours",
        value: textOrDefault(form, "contactHours"),
        errorKey: () => "contactHours",
      },
    ]);
  } else if (intent === "modelHouse") {
    answer = await saveAll(siteId, by, intent, values, [
      {
        field: "modelHouseAddress",
        value: textOrDefault(form, "modelHouseAddress"),
        errorKey: () => "modelHouseAddress",
      },
      {
        field: "modelHouseHours",
        value: textOrDefault(form, "modelHouseHours"),
        errorKey: () => "modelHouseHours",
      },
    ]);
  } else if (intent === "remaining") {
    const counts: Record<string, number> = {};
    const errors: Errors = {};
    for (const unit of requireSite(siteId).unitTypes) {
      const raw = text(form, `count-${unit.key}`);
      if (raw === "") continue;
      if (!/^[0-9]{1,4}$/.test(raw))
        errors[`count-${unit.key}`] = "0 이상의 정수로 입력해 주세요 (0은 마감)";
      else counts[unit.key] = Number(raw);
    }
    if (Object.keys(errors).length) answer = { section: intent, errors, values };
    else if (Object.keys(counts).length === 0) {
      answer = await saveAll(siteId, by, intent, values, [
        { field: "remainingUnits", value: undefined, errorKey: () => "" },
      ]);
    } else {
      answer = await saveAll(siteId, by, intent, values, [
        {
          field: "remainingUnits",
          value: { updatedAt: new Date().toISOString(), counts },
          errorKey: (p) => (p.startsWith("counts.") ? `count-${p.slice(7)}` : ""),
        },
      ]);
    }
  } else if (intent === "notice" || intent === "notice-clear") {
    if (intent === "notice-clear") {
      answer = await saveAll(siteId, by, "notice", values, [
        { field: "notice", value: undefined, errorKey: () => "" },
      ]);
    } else {
      const startsAt = kstInputToIso(text(form, "startsAt"));
      const endsAt = kstInputToIso(text(form, "endsAt"));
      const errors: Errors = {};
      if (!startsAt) errors.startsAt = "시작 날짜와 시각을 입력해 주세요";
      if (!endsAt) errors.endsAt = "끝나는 날짜와 시각을 입력해 주세요";
      if (Object.keys(errors).length) answer = { section: "notice", errors, values };
      else {
        const link = text(form, "link");
        answer = await saveAll(siteId, by, "notice", values, [
          {
            field: "notice",
            value: {
              title: text(form, "title"),
              text: text(form, "text"),
              ...(link ? { link } : {}),
              startsAt,
              endsAt,
            },
            errorKey: (p) => p || "title",
          },
        ]);
      }
    }
  } else if (intent === "schedule") {
    const milestones: Milestone[] = [];
    /** The form row of each milestone kept (rows removed or left empty are skipped). */
    const rowOf: number[] = [];
    const keys = form.getAll("key").map(String);
    const errors: Errors = {};
    keys.forEach((key, i) => {
      const at = (name: string) => String(form.getAll(name)[i] ?? "").trim();
      if (form.getAll("remove").map(String).includes(key)) return;
      const step = at("step");
      if (!step && key === "") return; // the empty row for a new milestone, left empty
      const m: Record<string, string> = {
        key: key || `m${Date.now().toString(36)}`,
        step,
        place: at("place"),
      };
      for (const name of ["detail", "date", "endDate", "startTime", "endTime"])
        if (at(name)) m[name] = at(name);
      milestones.push(m as unknown as Milestone);
      rowOf.push(i);
    });
    if (Object.keys(errors).length) answer = { section: intent, errors, values };
    else {
      answer = await saveAll(siteId, by, intent, values, [
        {
          field: "schedule",
          value: milestones,
          errorKey: (p) => {
            const [i, name] = p.split(".");
            if (i === undefined || !name) return "";
            // A key is not a field of the form: its message goes beside the milestone's step.
            return `${name === "key" ? "step" : name}-${rowOf[Number(i)] ?? i}`;
          },
        },
      ]);
      if (answer) {
        answer.rows = keys.map((key, i) => {
          const row: Record<string, string> = { key };
          for (const name of ["step", "date", "endDate", "startTime", "endTime", "place", "detail"])
            row[name] = String(form.getAll(name)[i] ?? "");
          return row;
        });
      }
    }
  } else if (intent === "visits") {
    const errors: Errors = {};
    const perSlot = text(form, "perSlot");
    if (!/^[0-9]{1,3}$/.test(perSlot) || Number(perSlot) < 1)
      errors.perSlot = "1 이상의 정수로 입력해 주세요";
    const exceptions: VisitCapacity["exceptions"] = [];
    for (const line of text(form, "exceptions")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)) {
      const m = /^([일월화수목금토])\s+([0-2][0-9]:[0-5][0-9])\s+([0-9]{1,3})$/.exec(line);
      if (!m) {
        errors.exceptions = `"${line}": "토 14:00 0"처럼 요일, 시각, 인원을 씁니다`;
        break;
      }
      exceptions.push({ weekday: WEEKDAYS.indexOf(m[1]!), time: m[2]!, capacity: Number(m[3]) });
    }
    const closedDates = text(form, "closedDates")
      .split(/[\s,]+/)
      .filter(Boolean);
    const badDate = closedDates.find((d) => !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(d));
    if (badDate) errors.closedDates = `"${badDate}": 날짜는 2026-12-25처럼 씁니다`;
    if (Object.keys(errors).length) answer = { section: intent, errors, values };
    else {
      answer = await saveAll(siteId, by, intent, values, [
        {
          field: "visitCapacity",
          value: {
            perSlot: Number(perSlot),
            exceptions,
            closedDates: [...new Set(closedDates)].sort(),
          },
          errorKey: () => "perSlot",
        },
      ]);
    }
  } else if (intent === "revert") {
    const result = await revertChange(siteId, field(form, "change"), by);
    if (!result.ok)
      answer = {
        section: "history",
        errors: { "": Object.values(result.errors).join(" ") },
        values,
      };
  } else {
    answer = { section: "", errors: { "": "알 수 없는 요청입니다" }, values };
  }

  if (answer) return data(answer, { status: 400, headers: adminHeaders() });
  const section = intent === "notice-clear" ? "notice" : intent === "revert" ? "history" : intent;
  const params = new URLSearchParams({ saved: section });
  const wanted = new URL(request.url).searchParams.get("site");
  if (wanted) params.set("site", wanted);
  return redirect(`/admin/operations?${params}#${section}`, { headers: adminHeaders() });
}

const SAVED: Record<string, string> = {
  contact: "연락처를 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  modelHouse: "견본주택 정보를 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  remaining: "잔여 세대를 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  notice: "공지를 저장했습니다. 기간 안이면 몇 초 안에 모든 페이지에 보입니다.",
  schedule: "분양 일정을 저장했습니다. 몇 초 안에 모든 페이지에 반영됩니다.",
  visits: "방문 예약 설정을 저장했습니다.",
  history: "변경을 되돌렸습니다.",
};

export default function AdminOperations({ loaderData, actionData }: Route.ComponentProps) {
  const { current, setFields, changes, saved, choices, siteId, hostSite } = loaderData;
  const answer = actionData && "section" in actionData ? (actionData as Answer) : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const errorsOf = (section: string): Errors => (answer?.section === section ? answer.errors : {});
  const valueOf = (section: string, name: string, fallback: string) =>
    answer?.section === section ? (answer.values[name] ?? fallback) : fallback;
  const query = siteId !== hostSite ? `?site=${siteId}` : "";
  const action = `/admin/operations${query}`;
  const when = (f: LiveField) => {
    const s = setFields[f];
    return s ? `${formatKoreanDateTime(s.updatedAt)} ${s.updatedBy} 변경` : "콘텐츠 기본값";
  };
  // A refused form starts at its first field in error: an answered page (without JavaScript) by
  // autofocus, the first invalid field in document order (this render's order); with JavaScript,
  // the effect below, as the answer arrives.
  let focusGiven = false;
  const firstInvalid = (error: string | undefined) =>
    error && !focusGiven ? (focusGiven = true) : undefined;
  const fieldErrors = Object.keys(answer?.errors ?? {}).some((k) => k !== "");
  useEffect(() => {
    if (!answer) return;
    document
      .getElementById(answer.section)
      ?.querySelector<HTMLElement>('[aria-invalid="true"]')
      ?.focus();
  }, [answer]);

  const input = (
    section: string,
    name: string,
    label: string,
    fallback: string,
    props: React.InputHTMLAttributes<HTMLInputElement> & { hint?: ReactNode } = {},
  ) => {
    const error = errorsOf(section)[name];
    const id = `op-${section}-${name}`;
    const { hint, ...rest } = props;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          defaultValue={valueOf(section, name, fallback)}
          aria-invalid={error ? true : undefined}
          autoFocus={firstInvalid(error)}
          aria-describedby={
            [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") ||
            undefined
          }
          {...rest}
        />
        {hint ? (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const sectionMessage = (section: string) => (
    <>
      <FormMessage tone="ok">
        {saved === section && !actionData ? SAVED[section] : null}
      </FormMessage>
      {/* Focus goes to the message only when no field is in error (a field takes it then). */}
      <FormMessage tone="error" focus={!fieldErrors}>
        {errorsOf(section)[""] ??
          (answer?.section === section
            ? "입력을 확인해 주세요. 아무것도 바뀌지 않았습니다."
            : null)}
      </FormMessage>
    </>
  );

  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">운영 정보</h1>
        <Link to="/admin" className="admin-link">
          ← 관리자 홈
        </Link>
      </div>
      <p className="admin-summary">
        저장하면 몇 초 안에 이 단지의 모든 페이지에 반영됩니다. 비워 두거나 되돌리면 콘텐츠 파일의
        값이 쓰입니다.
      </p>
      <FormMessage tone="error">{refused}</FormMessage>
      {choices.length ? (
        <Form method="get" className="op-site-choice">
          <label htmlFor="op-site">단지</label>
          <select id="op-site" name="site" defaultValue={siteId}>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-outline btn-small">
            선택
          </button>
        </Form>
      ) : null}

      <section id="contact" className="admin-card op-card" aria-labelledby="op-heading-contact">
        <h2 id="op-heading-contact" className="admin-card-title">
          연락처
        </h2>
        {sectionMessage("contact")}
        <Form method="post" action={action} className="admin-form" noValidate>
          <input type="hidden" name="intent" value="contact" />
          {input("contact", "phone", "대표 전화번호", current.phone, {
            inputMode: "tel",
            autoComplete: "off",
            hint: `예: 1600-1234 · ${when("phone")}`,
          })}
          {input("contact", "contactHours", "상담 시간", current.contactHours, {
            hint: when("contactHours"),
          })}
          <button type="submit" className="btn btn-navy">
            연락처 저장
          </button>
        </Form>
      </section>

      <section
        id="modelHouse"
        className="admin-card op-card"
        aria-labelledby="op-heading-model-house"
      >
        <h2 id="op-heading-model-house" className="admin-card-title">
          견본주택
        </h2>
        {sectionMessage("modelHouse")}
        <Form method="post" action={action} className="admin-form" noValidate>
          <input type="hidden" name="intent" value="modelHouse" />
          {input("modelHouse", "modelHouseAddress", "주소", current.modelHouseAddress, {
            hint: when("modelHouseAddress"),
          })}
          {input("modelHouse", "modelHouseHours", "운영 시간", current.modelHouseHours, {
            hint: when("modelHouseHours"),
          })}
          <button type="submit" className="btn btn-navy">
            견본주택 저장
          </button>
        </Form>
      </section>

      <section id="remaining" className="admin-card op-card" aria-labelledby="op-heading-remaining">
        <h2 id="op-heading-remaining" className="admin-card-title">
          잔여 세대
        </h2>
        <p className="op-help">
          주택형마다 남은 세대 수를 씁니다. 0은 마감으로, 빈칸은 표시하지 않습니다. 모두 비우고
          저장하면 현황판이 내려갑니다.{" "}
          {current.remaining
            ? `현재 ${formatKoreanDateTime(current.remaining.updatedAt)} 기준`
            : "현재 표시 안 함"}
        </p>
        {sectionMessage("remaining")}
        <Form method="post" action={action} className="admin-form" noValidate>
          <input type="hidden" name="intent" value="remaining" />
          <div className="op-units">
            {current.units.map((u) =>
              input(
                "remaining",
                `count-${u.key}`,
                `${u.label} 잔여 세대`,
                current.remaining?.counts[u.key] ?? "",
                {
                  inputMode: "numeric",
                  pattern: "[0-9]*",
                },
              ),
            )}
          </div>
          <button type="submit" className="btn btn-navy">
            잔여 세대 저장
          </button>
        </Form>
      </section>

      <section id="notice" className="admin-card op-card" aria-labelledby="op-heading-notice">
        <h2 id="op-heading-notice" className="admin-card-title">
          공지
        </h2>
        <p className="op-help">
          기간(한국 시간) 안에만 모든 공개 페이지에 보입니다. 방문자는 닫을 수 있고, 닫으면 그 방문
          동안 다시 보이지 않습니다.
        </p>
        {sectionMessage("notice")}
        <Form method="post" action={action} className="admin-form" noValidate>
          <input type="hidden" name="intent" value="notice" />
          {input("notice", "title", "제목", current.notice?.title ?? "", { maxLength: 60 })}
          {input("notice", "text", "내용", current.notice?.text ?? "", { maxLength: 300 })}
          {input("notice", "link", "링크 (선택)", current.notice?.link ?? "", {
            hint: "/Customer 같은 사이트 안 경로 또는 https:// 주소",
          })}
          <div className="admin-form-row op-period">
            {input("notice", "startsAt", "시작", current.notice?.startsAt ?? "", {
              type: "datetime-local",
              step: 1,
            })}
            {input("notice", "endsAt", "끝", current.notice?.endsAt ?? "", {
              type: "datetime-local",
              step: 1,
            })}
          </div>
          <div className="admin-form-actions">
            <button type="submit" className="btn btn-navy">
              공지 저장
            </button>
            {current.notice ? (
              <button type="submit" name="intent" value="notice-clear" className="btn btn-outline">
                공지 내리기
              </button>
            ) : null}
          </div>
        </Form>
      </section>

      <section id="schedule" className="admin-card op-card" aria-labelledby="op-heading-schedule">
        <h2 id="op-heading-schedule" className="admin-card-title">
          분양 일정
        </h2>
        <p className="op-help">
          날짜순으로 씁니다. 기간이면 끝나는 날도, 하루 중 시간이 정해져 있으면 시각도 고릅니다.
          날짜를 비우면 추후 공지로 보입니다. {when("schedule")}
        </p>
        {sectionMessage("schedule")}
        {/* Validated by the browser too: a date or time typed only in part is sent as empty (추후
            공지) unless the browser stops it. The form has no other constraint. */}
        <Form method="post" action={action} className="admin-form">
          <input type="hidden" name="intent" value="schedule" />
          <div className="op-schedule">
            {(answer?.section === "schedule" && answer.rows
              ? (answer.rows as unknown as Milestone[])
              : [...current.milestones, { key: "", step: "", place: "" } as Milestone]
            ).map((m, i) => {
              const e = errorsOf("schedule");
              const cell = (
                name: string,
                label: string,
                value: string | undefined,
                type: "text" | "date" | "time",
                size = 10,
              ) => {
                const id = `op-ms-${i}-${name}`;
                const error = e[`${name}-${i}`];
                return (
                  <div className="field op-ms-field">
                    <label htmlFor={id}>{label}</label>
                    <input
                      id={id}
                      name={name}
                      type={type}
                      size={type === "text" ? size : undefined}
                      defaultValue={value ?? ""}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      autoFocus={firstInvalid(error)}
                    />
                    {error ? (
                      <p id={`${id}-error`} className="field-error">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              };
              return (
                <fieldset key={m.key || "new"} className="op-ms">
                  <legend>{m.key ? `${i + 1}. ${milestoneLabel(m)}` : "새 일정 추가"}</legend>
                  <input type="hidden" name="key" value={m.key} />
                  {cell("step", "단계", m.step, "text", 16)}
                  {cell("date", "날짜", m.date, "date")}
                  {cell("endDate", "끝나는 날", m.endDate, "date")}
                  {cell("startTime", "시작 시각", m.startTime, "time")}
                  {cell("endTime", "끝 시각", m.endTime, "time")}
                  {cell("place", "장소", m.place, "text", 16)}
                  <input type="hidden" name="detail" value={m.detail ?? ""} />
                  {m.key ? (
                    <label className="check">
                      <input type="checkbox" name="remove" value={m.key} /> 이 일정 삭제
                    </label>
                  ) : null}
                </fieldset>
              );
            })}
          </div>
          <button type="submit" className="btn btn-navy">
            분양 일정 저장
          </button>
        </Form>
      </section>

      <section id="visits" className="admin-card op-card" aria-labelledby="op-heading-visits">
        <h2 id="op-heading-visits" className="admin-card-title">
          방문 예약
        </h2>
        {sectionMessage("visits")}
        <Form method="post" action={action} className="admin-form" noValidate>
          <input type="hidden" name="intent" value="visits" />
          {input("visits", "perSlot", "시간대별 예약 인원", current.perSlot, {
            inputMode: "numeric",
            hint: when("visitCapacity"),
          })}
          <TextArea
            id="op-visits-exceptions"
            name="exceptions"
            label="요일·시각별 예외 (한 줄에 하나)"
            hint="예: 토 14:00 10 (토요일 14시는 10명), 일 10:00 0 (받지 않음)"
            value={valueOf("visits", "exceptions", current.exceptions)}
            error={errorsOf("visits").exceptions}
            autoFocus={firstInvalid(errorsOf("visits").exceptions)}
          />
          <TextArea
            id="op-visits-closed"
            name="closedDates"
            label="휴관일 (한 줄에 하나)"
            hint="예: 2026-12-25"
            value={valueOf("visits", "closedDates", current.closedDates)}
            error={errorsOf("visits").closedDates}
            autoFocus={firstInvalid(errorsOf("visits").closedDates)}
          />
          <button type="submit" className="btn btn-navy">
            방문 예약 저장
          </button>
        </Form>
      </section>

      <section id="history" className="admin-card op-card" aria-labelledby="op-heading-history">
        <h2 id="op-heading-history" className="admin-card-title">
          변경 기록
        </h2>
        {sectionMessage("history")}
        {changes.length === 0 ? (
          <p className="admin-empty">아직 바꾼 값이 없습니다.</p>
        ) : (
          <div className="op-history-wrap">
            <table className="admin-table op-history">
              <caption className="sr-only">운영 정보 변경 기록, 최근 순</caption>
              <thead>
                <tr>
                  <th scope="col">시각</th>
                  <th scope="col">관리자</th>
                  <th scope="col">항목</th>
                  <th scope="col">이전 값</th>
                  <th scope="col">새 값</th>
                  <th scope="col">되돌리기</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c: LiveChange & { old: string; new: string }) => (
                  <tr key={c.id}>
                    <td>{formatKoreanDateTime(c.changedAt)}</td>
                    <td>{c.changedBy}</td>
                    <td>
                      {c.label}
                      {c.reverts ? <span className="admin-tag">되돌림</span> : null}
                    </td>
                    <td>{c.old}</td>
                    <td>{c.new}</td>
                    <td>
                      <Form method="post" action={action}>
                        <input type="hidden" name="intent" value="revert" />
                        <input type="hidden" name="change" value={c.id} />
                        <button type="submit" className="btn btn-outline btn-small">
                          <span aria-hidden="true">되돌리기</span>
                          <span className="sr-only">{`${c.label}을(를) 이전 값으로 되돌리기: ${c.old}`}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function TextArea(props: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  autoFocus?: boolean;
}) {
  const { id, name, label, hint, value, error, autoFocus } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        autoFocus={autoFocus}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
