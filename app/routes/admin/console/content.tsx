import "~/styles/console.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/content";
import { FormMessage } from "~/components/admin/form-message";
import { FieldLink } from "~/components/console/field-link";
import { jobsFor } from "~/jobs/jobs.server";
import { LeftoversPanel, type LeftoversAnswer } from "~/components/console/leftovers";
import { SchemaForm } from "~/components/console/schema-form";
import { FieldSearch, goToField } from "~/components/console/field-search";
import { SectionList, type SectionItem } from "~/components/console/section-list";
import { FIELD_REFS, type FieldRef } from "~/content/field-meta";
import { refuseCrossSite } from "~/auth/guards.server";
import { siteJsonSchema } from "~/content/schema";
import { field, readForm } from "~/http/form.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { formToObject } from "~/console/form-object";
import {
  consoleGroups,
  groupOfPath,
  mergeSection,
  sectionSchema,
  sectionValue,
  type ConsoleGroup,
} from "~/console/content-sections";
import { searchContent } from "~/console/content-search";
import {
  applyOp,
  fieldId,
  fieldKeyOf,
  labelTrail,
  parseOp,
  problemField,
  type FieldSchema,
} from "~/console/form-schema";
import { refOptions, type Option } from "~/console/form-refs";
import { focusAfter, opMessage } from "~/console/form-focus";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { requireConsoleSite } from "~/console/console-site.server";
import { consoleLeftovers, markLeftovers } from "~/console/copy-source.server";
import type { LeftoverList } from "~/console/leftovers";
import type { SiteProblem } from "~/content/validate";
import {
  diffContent,
  documentProblems,
  getDraft,
  picturePreviews,
  saveDraft,
} from "~/console/content-store.server";
import {
  DEFAULT_SITE_MESSAGES,
  defaultProblems,
  HOST_MESSAGES,
  hostProblems,
  isDefaultSite,
  mayChangeHosts,
  sameHosts,
} from "~/sites/hosts.server";
import { normalizeHosts } from "~/sites/host-name.server";
import { sectionHash } from "~/console/sections.server";

/*
 * /admin/content/<group> (콘텐츠 편집): one section of a complex's draft (a group of the site's
 * menu, app/console/content-sections.ts) in a form made from its schema (app/components/console/,
 * docs/decisions/033-generated-forms.md, 044-editor-sections.md); the request's complex, or
 * `?site=<id>` (app/console/console-site.server.ts). The page carries its section's schema and values
 * only; beside it, every section with its count of problems, and 항목 찾기 over all of them (made
 * on the server). 저장, and with the script an autosave a few seconds after typing stops, post the
 * section's fields, merged into the newest draft (app/console/content-store.server.ts) whatever they
 * hold: the build's rules and Korean messages are shown beside each field and listed at the top,
 * and block publishing only (/admin/sites/<id>). A save based on an older draft goes through when
 * the other editor changed other sections only; when they changed this one it is refused, naming
 * the fields, and the form keeps everything typed; "내 내용으로 저장" saves over it.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, loaderData ? `콘텐츠 편집 · ${loaderData.group.title}` : "콘텐츠 편집");
export const headers = adminHeaders;

let schemaOnce: FieldSchema | undefined;
/** The form's schema: the JSON Schema editors get (sites/site.schema.json), made once. */
function formSchema(): FieldSchema {
  schemaOnce ??= siteJsonSchema() as FieldSchema;
  return schemaOnce;
}

/**
 * An autosave does not fetch the whole draft again (its answer carries what the form needs); a
 * list edit without the script and 저장 do.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  defaultShouldRevalidate,
}) =>
  [AUTOSAVE_PARAM, LEFTOVERS_PARAM].some(
    (param) => formAction?.includes(`?${param}`) || formAction?.includes(`&${param}`),
  )
    ? false
    : defaultShouldRevalidate;

/**
 * The form's schema for an account that may not change the complex's addresses (a 단지 편집자):
 * the hosts shown read-only, without the list's buttons, and the 기본 단지 box as it is, each
 * saying who changes it.
 */
function withAddressReadOnly(schema: FieldSchema): FieldSchema {
  const { hosts, default: mark } = schema.properties ?? {};
  const saying = (field: FieldSchema, who: string) =>
    `${field.description ?? ""} ${who} 에이전시 관리자만 바꿀 수 있습니다.`.trim();
  return {
    ...schema,
    properties: {
      ...schema.properties,
      ...(hosts && {
        hosts: {
          ...hosts,
          readOnly: true,
          description: saying(hosts, "호스트 이름은"),
          items: { ...hosts.items, readOnly: true },
        },
      }),
      ...(mark && {
        default: { ...mark, readOnly: true, description: saying(mark, "기본 단지는") },
      }),
    },
  };
}

const notFound = () => data(null, { status: 404, headers: adminHeaders() });

/** The group a section page's address names, among the schema's; a 404 for any other. */
function groupOf(id: string | undefined): ConsoleGroup {
  const group = consoleGroups(formSchema()).find((g) => g.id === id);
  if (!group) throw notFound();
  return group;
}

/** The entries each kind of reference offers in the whole draft (a section lacks the others' lists). */
const refsOf = (content: unknown) =>
  Object.fromEntries(FIELD_REFS.map((kind) => [kind, refOptions(kind, content)])) as Record<
    FieldRef,
    Option[]
  >;

/** Each section with the count of problems in it (a field's problem by the field's group). */
function sectionItems(problems: Problem[]): SectionItem[] {
  return consoleGroups(formSchema()).map((g) => ({
    id: g.id,
    title: g.title,
    problems: problems.filter((p) => groupOfPath(p.id.replace(/^f-/, "")) === g.id).length,
  }));
}

/** Every file a value holds (each `src` in the media store): their jobs are shown on the fields. */
function mediaSources(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) mediaSources(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      if (k === "src" && typeof v === "string" && v.startsWith("media/")) out.push(v);
      else mediaSources(v, out);
  return out;
}

/** The pictures' previews of one section's fields. */
const sectionPreviews = (previews: Record<string, string>, group: ConsoleGroup) =>
  Object.fromEntries(
    Object.entries(previews).filter(([path]) =>
      group.sections.some((s) => path === s || path.startsWith(`${s}.`)),
    ),
  );

/** The hosts' and the 기본 단지 mark's problems of a draft as it is (publishing checks them). */
async function addressProblems(siteId: string, content: Record<string, unknown>) {
  return [
    ...(await hostProblems(siteId, content.hosts)),
    ...(await defaultProblems(siteId, content)),
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { admin, siteId, query } = await requireConsoleSite(request, "content");
  const group = groupOf(params.group);
  const draft = await getDraft(siteId);
  if (!draft) throw notFound();
  const schema = formSchema();
  const content = draft.content;
  const { errors, problems } = problemsOf(
    schema,
    content,
    [],
    siteId,
    await addressProblems(siteId, content),
  );
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return data(
    {
      schema: sectionSchema(
        mayChangeHosts(admin, siteId) ? schema : withAddressReadOnly(schema),
        group,
      ),
      value: sectionValue(content, group) as unknown,
      revision: draft.revision,
      savedAt: draft.savedAt,
      savedBy: draft.savedBy,
      sectionHash: sectionHash(content, group),
      siteId,
      query,
      group: { id: group.id, title: group.title },
      sections: sectionItems(problems),
      // The problems of this section's fields, shown beside them.
      errors: Object.fromEntries(
        Object.entries(errors).filter(([key]) => groupOfPath(key) === group.id),
      ),
      refs: refsOf(content),
      previews: sectionPreviews(picturePreviews(siteId, content), group),
      jobs: await jobsFor(mediaSources(sectionValue(content, group))),
      leftovers: await consoleLeftovers(siteId, content, schema),
      search: q ? { q, ...searchContent(schema, content, consoleGroups(schema), siteId, q) } : null,
    },
    { headers: adminHeaders() },
  );
}

type Problem = { id: string; label: string; message: string };
export type ContentAnswer =
  | { kind: "edit"; value: unknown; focus: string; message: string; revision: number }
  | {
      kind: "saved";
      value: unknown;
      errors: Record<string, string[]>;
      problems: Problem[];
      revision: number;
      savedAt: string;
      /** The section's part of the draft as saved, which the next save is based on. */
      sectionHash: string;
      /** Every section with its count of problems, after this save. */
      sections: SectionItem[];
      /** A copy's fields still holding its source's identity (app/console/leftovers.ts). */
      leftovers: LeftoverList | null;
    }
  | {
      kind: "stale";
      value: unknown;
      errors: Record<string, string[]>;
      problems: Problem[];
      /** The revision the form was based on, and the newest, which "내 내용으로 저장" saves over. */
      revision: number;
      latest: number;
      savedBy: string;
      /**
       * The labels of this section's fields the other editor changed (`byOther`, the form sent the
       * section as it started from it), else of those where the saved draft differs from this form.
       */
      changed: string[];
      byOther: boolean;
    }
  | { kind: "unread"; message: string }
  | LeftoversAnswer;

/** Every problem of the value by the form's field name, and listed with the labels that lead there. */
function problemsOf(
  schema: FieldSchema,
  value: unknown,
  read: { name: string; message: string }[],
  siteId: string,
  address: SiteProblem[],
) {
  const issues = [
    ...read.map((p) => ({ key: p.name, message: p.message })),
    ...((value as { id?: unknown }).id !== siteId
      ? [{ key: "id", message: `단지 id는 바꿀 수 없습니다 (${siteId})` }]
      : []),
  ];
  // As publishing checks it: the pictures resolved to their files (sizes read), then the schema.
  for (const problem of [...address, ...documentProblems(siteId, value)])
    issues.push({
      key: fieldKeyOf(schema, value, problem.path ? problem.path.split(".") : []),
      message: problem.message,
    });
  const errors: Record<string, string[]> = {};
  for (const { key, message } of issues) {
    errors[key] ??= [];
    if (!errors[key].includes(message)) errors[key].push(message);
  }
  const problems = Object.entries(errors).flatMap(([key, messages]) => {
    const path = key.split(".").filter((s) => s !== "$file" && s !== "");
    const trail = labelTrail(
      schema,
      value,
      path.map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
    );
    return messages.map((message) => ({
      id: key === "" ? "" : fieldId(key),
      label: trail.join(" › ") || "콘텐츠 전체",
      message,
    }));
  });
  return { errors, problems };
}

/** Marks an autosave's request (`?autosave`): a sign-in that ended is answered, not redirected. */
const AUTOSAVE_PARAM = "autosave";
/** Marks 원본 단지 내용's request (`?leftovers`): answered with the list, the form not reloaded. */
const LEFTOVERS_PARAM = "leftovers";
const SIGNED_OUT =
  "로그인이 끝났습니다. 다른 탭에서 다시 로그인해 주세요. 입력한 내용은 이 화면에 그대로 있습니다.";

/** At most this many changed fields are named; the rest are counted. */
const NAMED_CHANGES = 8;

export async function action({ request, params }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const answer = (body: ContentAnswer, status = 200) =>
    data(body, { status, headers: adminHeaders() });
  // An autosave (a fetcher) that meets the sign-in says so instead of following the redirect
  // there, which would take the page and what was typed with it.
  const background = new URL(request.url).searchParams.has(AUTOSAVE_PARAM);
  let who: Awaited<ReturnType<typeof requireConsoleSite>>;
  try {
    who = await requireConsoleSite(request, "content");
  } catch (thrown) {
    if (background && thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      return answer({ kind: "unread", message: SIGNED_OUT }, 401);
    throw thrown;
  }
  const { admin, siteId } = who;
  const group = groupOf(params.group);
  const read = await readForm(request);
  if (!read.ok)
    return answer({ kind: "unread", message: "요청을 읽지 못했습니다. 다시 시도해 주세요." }, 400);
  const schema = formSchema();
  // 원본 단지 내용: fields marked 그대로 두기 (with the saved draft's value) or asked about again.
  const leftoverChoice = field(read.form, "$leftovers");
  if (leftoverChoice) {
    const draft = await getDraft(siteId);
    if (!draft) throw notFound();
    const ask = leftoverChoice.startsWith("ask:") ? [leftoverChoice.slice(4)] : [];
    const keep = leftoverChoice === "keep" ? read.form.getAll("keep").map(String) : [];
    await markLeftovers(siteId, draft.content, { keep, ask });
    return answer({
      kind: "leftovers",
      leftovers: await consoleLeftovers(siteId, draft.content, schema),
      message: keep.length
        ? `${keep.length}곳을 그대로 두기로 했습니다.`
        : ask.length
          ? "다시 확인할 곳으로 옮겼습니다."
          : "그대로 둘 곳에 표시한 뒤 눌러 주세요.",
    });
  }
  // The section's fields only: the page's form holds no other.
  const form = sectionSchema(
    mayChangeHosts(admin, siteId) ? schema : withAddressReadOnly(schema),
    group,
  );
  const { value, problems: unreadable } = formToObject(form, read.form);
  const base = Number(field(read.form, "$revision"));

  // A list's button pressed without the script: the form again, with the edit made.
  const op = parseOp(field(read.form, "$op"));
  if (op) {
    const edited = applyOp(value, form, op);
    return answer({
      kind: "edit",
      value: edited,
      focus: focusAfter(form, edited, op),
      message: opMessage(form, value, op),
      revision: base,
    });
  }

  // The section merged into the newest draft, every other section as it is there.
  const current = await getDraft(siteId);
  if (!current) throw notFound();
  const sent = mergeSection(schema, current.content, value as Record<string, unknown>, group);
  // The hosts and the 기본 단지 mark (기타): changed by an 에이전시 관리자 only, never to another
  // complex's address nor to a second default; a refused change keeps the draft's
  // (app/sites/hosts.server.ts).
  // Hosts as requests carry them: `Foo.example.com.` saved as `foo.example.com` (host-name.server.ts).
  if (Array.isArray(sent.hosts)) sent.hosts = normalizeHosts(sent.hosts);
  const agency = mayChangeHosts(admin, siteId);
  const changed = !sameHosts(sent, current.content);
  const hostIssues =
    changed && !agency
      ? [{ path: "hosts", message: HOST_MESSAGES.agencyOnly }]
      : await hostProblems(siteId, changed ? sent.hosts : current.content.hosts);
  const keepHosts = changed && hostIssues.length > 0;
  const markChanged = isDefaultSite(sent) !== isDefaultSite(current.content);
  const markIssues =
    markChanged && !agency
      ? [{ path: "default", message: DEFAULT_SITE_MESSAGES.agencyOnly }]
      : await defaultProblems(siteId, sent);
  const keepMark = markChanged && markIssues.length > 0;
  const { errors, problems } = problemsOf(schema, sent, unreadable, siteId, [
    ...hostIssues,
    ...markIssues,
  ]);
  // The id is the complex's: whatever was sent, the draft keeps it.
  const content: Record<string, unknown> = {
    ...sent,
    id: siteId,
    ...(keepHosts ? { hosts: current.content.hosts } : {}),
  };
  if (keepMark && isDefaultSite(current.content)) content.default = true;
  else if (keepMark) delete content.default;

  // Based on an older draft: refused only when the other editor changed this section since (its
  // part of the newest draft no longer what the form started from). "내 내용으로 저장" is based on
  // the revision the refusal named.
  const over = field(read.form, "$intent") === "overwrite";
  const revision = over ? Number(field(read.form, "$latest")) : base;
  if (!Number.isInteger(revision))
    return answer({ kind: "unread", message: "요청을 읽지 못했습니다. 다시 시도해 주세요." }, 400);
  const theirs =
    revision !== current.revision &&
    field(read.form, "$section") !== sectionHash(current.content, group);
  // With the script, the section as the form started from it: a refusal then names only the fields
  // the other editor changed (without it, every field where the saved draft differs from this form).
  let baseContent: unknown;
  try {
    baseContent = JSON.parse(field(read.form, "$base") || "null") ?? undefined;
  } catch {
    baseContent = undefined;
  }
  const stale = (latest: number, savedBy: string) => {
    const mine = sectionValue(current.content, group);
    const changes = diffContent(
      baseContent === undefined ? value : sectionValue(baseContent, group),
      mine,
    );
    const labels = [
      ...new Set(changes.map((c) => problemField(schema, sent, c.path).label || c.path)),
    ];
    return answer(
      {
        kind: "stale",
        value,
        errors,
        problems,
        revision: base,
        latest,
        savedBy,
        changed: labels,
        byOther: baseContent !== undefined,
      },
      409,
    );
  };
  if (theirs) return stale(current.revision, current.savedBy);
  // Saved over the draft just read (another save in between: refused, as it may be this section's).
  const saved = await saveDraft(siteId, content, { revision: current.revision }, admin.email);
  if (!saved.ok && saved.reason === "missing") throw notFound();
  if (!saved.ok) return stale(saved.revision, saved.savedBy);
  // The form keeps what was typed, a refused host or mark too, beside its message.
  const shown = { ...content, hosts: sent.hosts, default: sent.default };
  if (shown.default === undefined) delete shown.default;
  return answer({
    kind: "saved",
    value: sectionValue(shown, group),
    errors,
    problems,
    revision: saved.revision,
    savedAt: new Date().toISOString(),
    sectionHash: sectionHash(content, group),
    sections: sectionItems(problems),
    leftovers: await consoleLeftovers(siteId, content, schema),
  });
}

function ProblemSummary({ problems, at }: { problems: Problem[]; at: LinkPlace }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [problems]);
  return (
    <div ref={ref} className="cf-summary" role="alert" tabIndex={-1} autoFocus>
      <h2 className="cf-summary-title">입력을 확인해 주세요 ({problems.length}곳)</h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.id ? (
              <FieldLink id={p.id} {...at}>
                <span className="cf-summary-label">{p.label}</span>: {p.message}
              </FieldLink>
            ) : (
              <>
                <span className="cf-summary-label">{p.label}</span>: {p.message}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `path` (which may hold a query already) with `?name` or `&name`. */
const withParam = (path: string, name: string) => `${path}${path.includes("?") ? "&" : "?"}${name}`;

/** How long typing must pause before the draft is saved by itself. */
const AUTOSAVE_MS = 2500;
const FORM_ID = "content-form";

/** "오후 5:06": the time of a save today, as formatKoreanDateTime writes it. */
const timeOf = (iso: string) => formatKoreanDateTime(iso).split(" ").slice(-2).join(" ");

type Answer = Exclude<ContentAnswer, { kind: "unread" } | LeftoversAnswer>;

/**
 * The draft's saving with the script: the revision the form is based on, a save a few seconds after
 * the last change, the line that says how it went, and a warning when leaving with changes unsaved.
 * A refused save (another editor saved first) stops the autosave until the editor chooses.
 */
function useDraftSaving(
  initial: number,
  initialValue: unknown,
  initialHash: string,
  explicit: Answer | null,
  action: string,
) {
  const fetcher = useFetcher<ContentAnswer>();
  const [base, setBase] = useState(initial);
  /** The section's part of the draft the form is based on (sectionHash), sent as `$section`. */
  const [hash, setHash] = useState(initialHash);
  /** Changes not saved yet (the section list's 저장 안 됨). */
  const [unsaved, setUnsaved] = useState(false);
  /** The last save's answer: the sections' counts of problems after it. */
  const [lastSaved, setLastSaved] = useState<Extract<ContentAnswer, { kind: "saved" }> | null>(
    null,
  );
  const [status, setStatus] = useState("");
  const [stale, setStale] = useState<Extract<ContentAnswer, { kind: "stale" }> | null>(
    explicit?.kind === "stale" ? explicit : null,
  );
  /** Changes not yet sent; a save waiting for the one in flight (never two at once: one base). */
  const dirty = useRef(false);
  /** The draft as this form last loaded or saved it, sent as `$base` with each save. */
  const baseValue = useRef(initialValue);
  const withBase = useCallback((form: HTMLFormElement) => {
    const body = new FormData(form);
    body.set("$base", JSON.stringify(baseValue.current));
    return body;
  }, []);
  const waiting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = fetcher.state !== "idle";

  const save = useCallback(() => {
    const form = document.getElementById(FORM_ID) as HTMLFormElement | null;
    if (!form || stale) return;
    if (busy) {
      waiting.current = true;
      return;
    }
    dirty.current = false;
    setStatus("저장하는 중…");
    void fetcher.submit(withBase(form), {
      method: "post",
      action: withParam(action, AUTOSAVE_PARAM),
      encType: "multipart/form-data",
    });
  }, [action, busy, fetcher, stale, withBase]);

  // Each answer, the explicit save's or the autosave's, as it arrives.
  const settle = useCallback((answer: ContentAnswer | null | undefined) => {
    if (!answer) return;
    if (answer.kind === "saved") {
      baseValue.current = answer.value;
      setBase(answer.revision);
      setHash(answer.sectionHash);
      setLastSaved(answer);
      setUnsaved(dirty.current);
      setStale(null);
      setStatus(
        `초안 저장됨 · ${timeOf(answer.savedAt)}${answer.problems.length ? ` (게시 전에 고칠 곳 ${answer.problems.length}곳)` : ""}`,
      );
    } else if (answer.kind === "stale") {
      setStale(answer);
      setStatus("다른 편집자가 먼저 저장해서 저장하지 못했습니다.");
    } else if (answer.kind === "unread") {
      // Still to save: leaving warns, and the next change tries again.
      dirty.current = true;
      setStatus(`저장하지 못했습니다: ${answer.message}`);
    }
  }, []);
  useEffect(() => settle(explicit), [explicit, settle]);
  useEffect(() => {
    if (fetcher.state === "idle") settle(fetcher.data);
  }, [fetcher.state, fetcher.data, settle]);
  // The save that waited for the one in flight, now with its revision.
  useEffect(() => {
    if (busy || !waiting.current || stale) return;
    waiting.current = false;
    if (dirty.current) save();
  }, [base, busy, save, stale]);

  /** A change in the form: the draft is saved once typing pauses. */
  const changed = useCallback(() => {
    if (stale) return;
    dirty.current = true;
    setUnsaved(true);
    setStatus("저장하지 않은 변경이 있습니다.");
    clearTimeout(timer.current);
    timer.current = setTimeout(save, AUTOSAVE_MS);
  }, [save, stale]);

  // Leaving the document with changes unsaved asks first (a body this large cannot go in a
  // beacon); leaving the page within the console (a link) saves them on the way out.
  const staleNow = useRef(stale);
  useEffect(() => {
    staleNow.current = stale;
  }, [stale]);
  useEffect(() => {
    const form = document.getElementById(FORM_ID) as HTMLFormElement | null;
    const leaving = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", leaving);
    return () => {
      window.removeEventListener("beforeunload", leaving);
      clearTimeout(timer.current);
      // The form, detached by now, still holds what was typed.
      if (dirty.current && !staleNow.current && form)
        void fetch(withParam(action, AUTOSAVE_PARAM), {
          method: "POST",
          body: withBase(form),
          redirect: "manual",
        }).catch(() => undefined);
    };
  }, [action, withBase]);

  // An explicit 저장 pressed while an autosave is in flight waits for its answer, then goes with the
  // revision it made (sent at once, it carried the revision before it and was refused as stale).
  const busyNow = useRef(busy);
  useEffect(() => {
    busyNow.current = busy;
  }, [busy]);
  const explicitWaiting = useRef<HTMLElement | null | undefined>(undefined);
  useEffect(() => {
    const submitter = explicitWaiting.current;
    if (busy || submitter === undefined) return;
    explicitWaiting.current = undefined;
    if (stale) return;
    const form = document.getElementById(FORM_ID) as HTMLFormElement | null;
    form?.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
  }, [base, busy, stale]);

  // An explicit 저장 takes the place of a pending autosave.
  const submitted = useCallback((event: React.FormEvent) => {
    // Not another form on the page (원본 단지 내용's).
    if ((event.target as HTMLElement).id !== FORM_ID) return;
    if (busyNow.current) {
      event.preventDefault();
      explicitWaiting.current = (event.nativeEvent as SubmitEvent).submitter;
      setStatus("저장하는 중…");
      return;
    }
    clearTimeout(timer.current);
    dirty.current = false;
    const base = (event.target as HTMLFormElement).elements.namedItem("$base");
    if (base instanceof HTMLInputElement) base.value = JSON.stringify(baseValue.current);
  }, []);
  return { base, hash, busy, status, stale, changed, submitted, unsaved, lastSaved };
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  // Another section (or complex) is another form: nothing of this one's state goes with it.
  return (
    <SectionPage
      key={`${loaderData.siteId}/${loaderData.group.id}`}
      loaderData={loaderData}
      actionData={actionData}
    />
  );
}

/** Where a link to a field goes from this page (./field-link.tsx). */
type LinkPlace = { siteId: string; group: string };

function SectionPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const answer = actionData && "kind" in actionData ? (actionData as ContentAnswer) : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const shown = answer && answer.kind !== "unread" && answer.kind !== "leftovers" ? answer : null;
  const leftoverAnswer = answer?.kind === "leftovers" ? answer : null;
  const { siteId, query, group } = loaderData;
  const action = `/admin/content/${group.id}${query}`;
  const saving = useDraftSaving(
    shown?.revision ?? loaderData.revision,
    loaderData.value,
    shown?.kind === "saved" ? shown.sectionHash : loaderData.sectionHash,
    shown,
    action,
  );
  const latest = saving.lastSaved ?? (shown?.kind === "saved" ? shown : null);
  const leftovers =
    (latest?.leftovers !== undefined ? latest.leftovers : leftoverAnswer?.leftovers) ??
    loaderData.leftovers;
  const value = shown ? shown.value : loaderData.value;
  const stale = saving.stale;
  const problems = shown && "problems" in shown ? shown.problems : [];
  const at: LinkPlace = { siteId, group: group.id };
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useFieldFromHash();
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">콘텐츠 편집</h1>
        <Link to={`/admin/sites/${siteId}`} className="admin-link">
          게시하러 가기 →
        </Link>
      </div>
      <p className="admin-summary">
        초안을 섹션별로 고칩니다. 고친 내용은 초안에만 저장되고(입력을 멈추면 저절로 저장), 게시해야
        사이트에 나옵니다. <Link to={`/admin/preview${query}`}>미리보기</Link>로 확인하세요.
      </p>
      <FormMessage tone="error">
        {refused ?? (answer?.kind === "unread" ? answer.message : null)}
      </FormMessage>
      <div className="cf-layout">
        <aside className="cf-side">
          <FieldSearch
            action={`/admin/content/${group.id}`}
            siteQuery={query}
            siteId={siteId}
            group={group.id}
            initial={loaderData.search}
            hydrated={hydrated}
          />
          <SectionList
            sections={latest?.sections ?? loaderData.sections}
            current={group.id}
            siteId={siteId}
            unsaved={saving.unsaved}
            hydrated={hydrated}
          />
        </aside>
        <div
          className="cf-main"
          onInput={saving.changed}
          onChange={saving.changed}
          onClickCapture={(event) => {
            const target = event.target as HTMLElement;
            if (target.closest?.('button[name="$op"]')) saving.changed();
          }}
          onSubmitCapture={saving.submitted}
        >
          <SchemaForm
            id={FORM_ID}
            schema={loaderData.schema as FieldSchema}
            value={value}
            action={action}
            previews={loaderData.previews}
            jobs={loaderData.jobs}
            refs={loaderData.refs}
            errors={shown && "errors" in shown ? shown.errors : loaderData.errors}
            focus={answer?.kind === "edit" ? answer.focus : undefined}
            announcement={answer?.kind === "edit" ? answer.message : undefined}
            actions={
              <>
                <input type="hidden" name="$revision" value={saving.base} />
                <input type="hidden" name="$section" value={saving.hash} />
                {/* Filled as the form is sent (the script's); empty without it. */}
                <input type="hidden" name="$base" defaultValue="" />
                {stale ? (
                  <>
                    <input type="hidden" name="$latest" value={stale.latest} />
                    <button type="submit" name="$intent" value="overwrite" className="btn btn-navy">
                      내 내용으로 저장
                    </button>
                    <Link to={action} className="btn btn-outline" reloadDocument>
                      최신 초안 불러오기
                    </Link>
                  </>
                ) : (
                  <button type="submit" className="btn btn-navy" disabled={saving.busy}>
                    저장
                  </button>
                )}
                <span className="cf-actions-note" role="status">
                  {saving.status ||
                    `초안: ${formatKoreanDateTime(loaderData.savedAt)} ${loaderData.savedBy} 저장`}
                </span>
              </>
            }
          >
            {stale ? <StaleNotice stale={stale} /> : null}
            {problems.length ? <ProblemSummary problems={problems} at={at} /> : null}
            {leftovers ? (
              <LeftoversPanel
                list={leftovers}
                action={withParam(action, LEFTOVERS_PARAM)}
                message={leftoverAnswer?.message}
                at={at}
              />
            ) : null}
            <FormMessage tone="ok" focus>
              {answer?.kind === "saved" && !problems.length ? "초안을 저장했습니다." : null}
            </FormMessage>
          </SchemaForm>
        </div>
      </div>
    </>
  );
}

/**
 * A link from another section (`#f-<path>`) opened here: once the page is drawn, the field's
 * folded entries open and its control has focus, as a link within the page does.
 */
function useFieldFromHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id.startsWith("f-") && id !== "leftovers") return;
    const frame = requestAnimationFrame(() => goToField(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

function StaleNotice({ stale }: { stale: Extract<ContentAnswer, { kind: "stale" }> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [stale]);
  const named = stale.changed.slice(0, NAMED_CHANGES);
  const more = stale.changed.length - named.length;
  return (
    <div ref={ref} className="cf-summary" role="alert" tabIndex={-1}>
      <h2 className="cf-summary-title">
        {stale.savedBy}님이 먼저 초안을 저장해서 저장하지 않았습니다
      </h2>
      <p>
        {stale.byOther
          ? "다른 편집자가 바꾼 항목"
          : "저장된 초안과 지금 이 화면의 내용이 다른 항목"}
        : {named.length ? named.join(", ") : "없음(같은 내용)"}
        {more > 0 ? ` 외 ${more}개` : ""}. 입력한 내용은 이 화면에 그대로 있습니다. “내 내용으로
        저장”을 누르면 이 화면의 내용으로 초안을 덮어쓰고, “최신 초안 불러오기”를 누르면 이 화면의
        변경을 버리고 저장된 초안을 엽니다.
      </p>
    </div>
  );
}
