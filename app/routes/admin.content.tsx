import "~/styles/console.css";
import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.content";
import { FormMessage } from "~/components/admin/form-message";
import { goToField } from "~/components/console/field-search";
import { SchemaForm } from "~/components/console/schema-form";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { siteJsonSchema } from "~/content/schema";
import { checkSite } from "~/content/validate";
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
  type FieldSchema,
} from "~/lib/form-schema";
import { siteFrom } from "~/lib/site";
import { baseSite } from "~/sites/registry.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/content (콘텐츠 편집): every field of the request's complex in one form made from its
 * schema (app/components/console/, docs/decisions/033-generated-forms.md). The action reads the
 * form back (app/lib/form-object.ts) and checks it with the build's own rules and Korean messages,
 * shown beside each field and listed at the top. Nothing is saved yet: the draft store
 * (app/sites/content-store.server.ts) takes the place of `readContent` and `saveContent`.
 */

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(siteFrom(matches), "콘텐츠 편집");
export const headers = adminHeaders;

/** The complex's content to edit. Draft store: `getDraft(siteId)`. */
async function readContent(siteId: string): Promise<unknown> {
  return baseSite(siteId);
}

/** Keeps the checked content. Draft store: `saveDraft(siteId, content, by)`. Not yet: nothing is kept. */
async function saveContent(_siteId: string, _content: unknown): Promise<{ saved: boolean }> {
  return { saved: false };
}

let schemaOnce: FieldSchema | undefined;
/** The form's schema: the JSON Schema editors get (sites/site.schema.json), made once. */
function formSchema(): FieldSchema {
  schemaOnce ??= siteJsonSchema() as FieldSchema;
  return schemaOnce;
}

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  await requireArea(request, siteId, "content");
  const value = await readContent(siteId);
  return data({ schema: formSchema(), value }, { headers: adminHeaders() });
}

type Problem = { id: string; label: string; message: string };
export type ContentAnswer =
  | { kind: "edit"; value: unknown; focus: string; message: string }
  | { kind: "invalid"; value: unknown; errors: Record<string, string[]>; problems: Problem[] }
  | { kind: "checked"; value: unknown; saved: boolean }
  | { kind: "unread"; message: string };

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const siteId = requestSiteId(request);
  await requireArea(request, siteId, "content");
  const read = await readForm(request);
  const answer = (body: ContentAnswer, status = 200) =>
    data(body, { status, headers: adminHeaders() });
  if (!read.ok)
    return answer({ kind: "unread", message: "요청을 읽지 못했습니다. 다시 시도해 주세요." }, 400);
  const schema = formSchema();
  const { value, problems } = formToObject(schema, read.form);

  // A list's button pressed without the script: the form again, with the edit made.
  const op = parseOp(field(read.form, "$op"));
  if (op) {
    const edited = applyOp(value, schema, op);
    return answer({
      kind: "edit",
      value: edited,
      focus: focusAfter(schema, edited, op),
      message: opMessage(schema, value, op),
    });
  }

  const issues = [
    ...problems.map((p) => ({ key: p.name, message: p.message })),
    ...((value as { id?: unknown }).id !== siteId
      ? [{ key: "id", message: `단지 id는 바꿀 수 없습니다 (${siteId})` }]
      : []),
  ];
  const checked = checkSite(value);
  if (!checked.ok)
    for (const issue of checked.issues)
      issues.push({ key: fieldKeyOf(schema, value, issue.path), message: issue.message });
  if (issues.length) {
    const errors: Record<string, string[]> = {};
    for (const { key, message } of issues) {
      errors[key] ??= [];
      if (!errors[key].includes(message)) errors[key].push(message);
    }
    const listed = Object.entries(errors).flatMap(([key, messages]) => {
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
    return answer({ kind: "invalid", value, errors, problems: listed }, 400);
  }
  const { saved } = await saveContent(siteId, checked.ok ? checked.site : value);
  return answer({ kind: "checked", value, saved });
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

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && "kind" in actionData ? (actionData as ContentAnswer) : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  const value = answer && "value" in answer ? answer.value : loaderData.value;
  const site = value as { project?: { siteName?: string } };
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">콘텐츠 편집</h1>
        <Link to="/admin" className="admin-link">
          ← 관리자 홈
        </Link>
      </div>
      <p className="admin-summary">
        {site.project?.siteName ?? "이 단지"}의 모든 내용을 고칩니다. 메뉴 차례대로 묶었고, 왼쪽
        목차와 항목 찾기로 옮겨 다닐 수 있습니다. 확인을 누르면 사이트와 같은 규칙으로 검사합니다.
      </p>
      <FormMessage tone="error">
        {refused ?? (answer?.kind === "unread" ? answer.message : null)}
      </FormMessage>
      <SchemaForm
        schema={loaderData.schema as FieldSchema}
        value={value}
        errors={answer?.kind === "invalid" ? answer.errors : undefined}
        focus={answer?.kind === "edit" ? answer.focus : undefined}
        announcement={answer?.kind === "edit" ? answer.message : undefined}
        actions={
          <>
            <button type="submit" className="btn btn-navy">
              확인
            </button>
            <span className="cf-actions-note">검사만 합니다. 저장(초안)은 곧 연결됩니다.</span>
          </>
        }
      >
        {answer?.kind === "invalid" ? <ProblemSummary problems={answer.problems} /> : null}
        <FormMessage tone="ok" focus>
          {answer?.kind === "checked"
            ? answer.saved
              ? "저장했습니다."
              : "문제가 없습니다. 아직 저장하지 않습니다: 초안 저장이 연결되면 여기서 저장합니다."
            : null}
        </FormMessage>
      </SchemaForm>
    </>
  );
}
