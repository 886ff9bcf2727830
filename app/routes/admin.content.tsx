import "~/styles/console.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/admin.content";
import { FormMessage } from "~/components/admin/form-message";
import { goToField } from "~/components/console/field-search";
import { SchemaForm } from "~/components/console/schema-form";
import { refuseCrossSite } from "~/auth/guards.server";
import { siteJsonSchema } from "~/content/schema";
import { field, readForm } from "~/http/form.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { formToObject } from "~/lib/form-object";
import {
  applyOp,
  fieldId,
  fieldKeyOf,
  focusAfter,
  labelTrail,
  opMessage,
  parseOp,
  problemField,
  type FieldSchema,
} from "~/lib/form-schema";
import { formatKoreanDateTime } from "~/lib/korean-date";
import { siteFrom } from "~/lib/site";
import { requireConsoleSite } from "~/sites/console-site.server";
import {
  documentProblems,
  getDraft,
  picturePreviews,
  saveDraft,
} from "~/sites/content-store.server";

/*
 * /admin/content (콘텐츠 편집): every field of a complex's draft in one form made from its schema
 * (app/components/console/, docs/decisions/033-generated-forms.md); the request's complex, or
 * `?site=<id>` (app/sites/console-site.server.ts). 저장, and with the script an autosave a few
 * seconds after typing stops, keep the draft (app/sites/content-store.server.ts) whatever it holds:
 * the build's rules and Korean messages are shown beside each field and listed at the top, and
 * block publishing only (/admin/sites/<id>). A save based on an older draft is refused, naming the
 * fields that differ, and the form keeps everything typed; "내 내용으로 저장" saves over it.
 */

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(siteFrom(matches), "콘텐츠 편집");
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
  formAction?.includes(`?${AUTOSAVE_PARAM}`) || formAction?.includes(`&${AUTOSAVE_PARAM}`)
    ? false
    : defaultShouldRevalidate;

const notFound = () => data(null, { status: 404, headers: adminHeaders() });

export async function loader({ request }: Route.LoaderArgs) {
  const { siteId, query } = await requireConsoleSite(request, "content");
  const draft = await getDraft(siteId);
  if (!draft) throw notFound();
  return data(
    {
      schema: formSchema(),
      value: draft.content as unknown,
      revision: draft.revision,
      savedAt: draft.savedAt,
      savedBy: draft.savedBy,
      siteId,
      query,
      previews: picturePreviews(siteId, draft.content),
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
       * The labels of the fields the other editor changed (`byOther`, the form sent the draft it
       * started from), else of those where the saved draft differs from this form.
       */
      changed: string[];
      byOther: boolean;
    }
  | { kind: "unread"; message: string };

/** Every problem of the value by the form's field name, and listed with the labels that lead there. */
function problemsOf(
  schema: FieldSchema,
  value: unknown,
  read: { name: string; message: string }[],
  siteId: string,
) {
  const issues = [
    ...read.map((p) => ({ key: p.name, message: p.message })),
    ...((value as { id?: unknown }).id !== siteId
      ? [{ key: "id", message: `단지 id는 바꿀 수 없습니다 (${siteId})` }]
      : []),
  ];
  // As publishing checks it: the pictures resolved to their files (sizes read), then the schema.
  for (const problem of documentProblems(siteId, value))
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
const SIGNED_OUT =
  "로그인이 끝났습니다. 다른 탭에서 다시 로그인해 주세요. 입력한 내용은 이 화면에 그대로 있습니다.";

/** At most this many changed fields are named; the rest are counted. */
const NAMED_CHANGES = 8;

export async function action({ request }: Route.ActionArgs) {
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
  const read = await readForm(request);
  if (!read.ok)
    return answer({ kind: "unread", message: "요청을 읽지 못했습니다. 다시 시도해 주세요." }, 400);
  const schema = formSchema();
  const { value, problems: unreadable } = formToObject(schema, read.form);
  const base = Number(field(read.form, "$revision"));

  // A list's button pressed without the script: the form again, with the edit made.
  const op = parseOp(field(read.form, "$op"));
  if (op) {
    const edited = applyOp(value, schema, op);
    return answer({
      kind: "edit",
      value: edited,
      focus: focusAfter(schema, edited, op),
      message: opMessage(schema, value, op),
      revision: base,
    });
  }

  const { errors, problems } = problemsOf(schema, value, unreadable, siteId);
  // The id is the complex's: whatever was sent, the draft keeps it.
  const content = { ...(value as Record<string, unknown>), id: siteId };
  const over = field(read.form, "$intent") === "overwrite";
  const revision = over ? Number(field(read.form, "$latest")) : base;
  if (!Number.isInteger(revision))
    return answer({ kind: "unread", message: "요청을 읽지 못했습니다. 다시 시도해 주세요." }, 400);
  // With the script, the draft the form started from: a refusal then names only the fields the
  // other editor changed (without it, every field where the saved draft differs from this form).
  let baseContent: unknown;
  try {
    baseContent = JSON.parse(field(read.form, "$base") || "null") ?? undefined;
  } catch {
    baseContent = undefined;
  }
  const saved = await saveDraft(siteId, content, { revision, content: baseContent }, admin.email);
  if (!saved.ok && saved.reason === "missing") throw notFound();
  if (!saved.ok) {
    const labels = [
      ...new Set(saved.changed.map((c) => problemField(schema, value, c.path).label || c.path)),
    ];
    return answer(
      {
        kind: "stale",
        value,
        errors,
        problems,
        revision: base,
        latest: saved.revision,
        savedBy: saved.savedBy,
        changed: labels,
        byOther: baseContent !== undefined,
      },
      409,
    );
  }
  return answer({
    kind: "saved",
    value,
    errors,
    problems,
    revision: saved.revision,
    savedAt: new Date().toISOString(),
  });
}

function ProblemSummary({ problems }: { problems: Problem[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [problems]);
  return (
    <div ref={ref} className="cf-summary" role="alert" tabIndex={-1} autoFocus>
      <h2 className="cf-summary-title">입력을 확인해 주세요 ({problems.length}곳)</h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.id ? (
              <a
                href={`#${p.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  goToField(p.id);
                }}
              >
                <span className="cf-summary-label">{p.label}</span>: {p.message}
              </a>
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

type Answer = Exclude<ContentAnswer, { kind: "unread" }>;

/**
 * The draft's saving with the script: the revision the form is based on, a save a few seconds after
 * the last change, the line that says how it went, and a warning when leaving with changes unsaved.
 * A refused save (another editor saved first) stops the autosave until the editor chooses.
 */
function useDraftSaving(
  initial: number,
  initialValue: unknown,
  explicit: Answer | null,
  action: string,
) {
  const fetcher = useFetcher<ContentAnswer>();
  const [base, setBase] = useState(initial);
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

  // An explicit 저장 takes the place of a pending autosave.
  const submitted = useCallback((event: React.FormEvent) => {
    clearTimeout(timer.current);
    dirty.current = false;
    const base = (event.target as HTMLFormElement).elements.namedItem("$base");
    if (base instanceof HTMLInputElement) base.value = JSON.stringify(baseValue.current);
  }, []);
  return { base, busy, status, stale, changed, submitted };
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && "kind" in actionData ? (actionData as ContentAnswer) : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const shown = answer && answer.kind !== "unread" ? answer : null;
  const value = shown ? shown.value : loaderData.value;
  const site = value as { project?: { siteName?: string } };
  const action = `/admin/content${loaderData.query}`;
  const saving = useDraftSaving(
    shown?.revision ?? loaderData.revision,
    loaderData.value,
    shown,
    action,
  );
  const stale = saving.stale;
  const problems = shown && "problems" in shown ? shown.problems : [];
  const { siteId, query } = loaderData;
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">콘텐츠 편집</h1>
        <Link to={`/admin/sites/${siteId}`} className="admin-link">
          게시하러 가기 →
        </Link>
      </div>
      <p className="admin-summary">
        {site.project?.siteName ?? "이 단지"}의 초안입니다. 고친 내용은 초안에만 저장되고(입력을
        멈추면 저절로 저장), 게시해야 사이트에 나옵니다.{" "}
        <Link to={`/admin/preview${query}`}>미리보기</Link>로 확인하세요. 메뉴 차례대로 묶었고, 왼쪽
        목차와 항목 찾기로 옮겨 다닐 수 있습니다.
      </p>
      <FormMessage tone="error">
        {refused ?? (answer?.kind === "unread" ? answer.message : null)}
      </FormMessage>
      <div
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
          errors={shown && "errors" in shown ? shown.errors : undefined}
          focus={answer?.kind === "edit" ? answer.focus : undefined}
          announcement={answer?.kind === "edit" ? answer.message : undefined}
          actions={
            <>
              <input type="hidden" name="$revision" value={saving.base} />
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
          {problems.length ? <ProblemSummary problems={problems} /> : null}
          <FormMessage tone="ok" focus>
            {answer?.kind === "saved" && !problems.length ? "초안을 저장했습니다." : null}
          </FormMessage>
        </SchemaForm>
      </div>
    </>
  );
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
