import "~/styles/console.css";
import { useEffect, useState } from "react";
import { data, Link, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/content";
import { FormMessage } from "~/components/admin/form-message";
import { useFieldFromHash, type LinkPlace } from "~/components/console/field-link";
import { FieldSearch } from "~/components/console/field-search";
import { LeftoversPanel } from "~/components/console/leftovers";
import { ProblemSummary, StaleNotice } from "~/components/console/save-notices";
import { SchemaForm } from "~/components/console/schema-form";
import { SectionList } from "~/components/console/section-list";
import { FORM_ID, useDraftSaving } from "~/components/console/use-draft-saving";
import { refuseCrossSite } from "~/auth/guards.server";
import { field, readForm } from "~/http/form.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { formatKoreanDateTime } from "~/lib/korean-time";
import {
  AUTOSAVE_PARAM,
  LEFTOVERS_PARAM,
  withParam,
  type ContentAnswer,
} from "~/console/content-answer";
import { answer, groupOf, sectionForm, sectionPage } from "~/console/content-editor.server";
import { markLeftoverChoice, saveSection, UNREAD } from "~/console/content-save.server";
import { requireConsoleSite, type ConsoleSite } from "~/console/console-site.server";
import { focusAfter, opMessage } from "~/console/form-focus";
import { formToObject } from "~/console/form-object";
import { applyOp, parseOp, type FieldSchema } from "~/console/form-schema";

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

/** The action's answer, as the page and its tests read it (app/console/content-answer.ts). */
export type { ContentAnswer };

export async function loader({ request, params }: Route.LoaderArgs) {
  const site = await requireConsoleSite(request, "content");
  const group = groupOf(params.group);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return data(await sectionPage(site, group, q), { headers: adminHeaders() });
}

const SIGNED_OUT =
  "로그인이 끝났습니다. 다른 탭에서 다시 로그인해 주세요. 입력한 내용은 이 화면에 그대로 있습니다.";

export async function action({ request, params }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  // An autosave (a fetcher) that meets the sign-in says so instead of following the redirect
  // there, which would take the page and what was typed with it.
  const background = new URL(request.url).searchParams.has(AUTOSAVE_PARAM);
  let site: ConsoleSite;
  try {
    site = await requireConsoleSite(request, "content");
  } catch (thrown) {
    if (background && thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      return answer({ kind: "unread", message: SIGNED_OUT }, 401);
    throw thrown;
  }
  const group = groupOf(params.group);
  const read = await readForm(request);
  if (!read.ok) return answer({ kind: "unread", message: UNREAD }, 400);
  const leftoverChoice = field(read.form, "$leftovers");
  if (leftoverChoice) return markLeftoverChoice(site.siteId, read.form, leftoverChoice);
  // The section's fields only: the page's form holds no other.
  const form = sectionForm(site, group);
  const sent = formToObject(form, read.form);

  // A list's button pressed without the script: the form again, with the edit made.
  const op = parseOp(field(read.form, "$op"));
  if (op) {
    const edited = applyOp(sent.value, form, op);
    return answer({
      kind: "edit",
      value: edited,
      focus: focusAfter(form, edited, op),
      message: opMessage(form, sent.value, op),
      revision: Number(field(read.form, "$revision")),
    });
  }
  return saveSection(site, group, read.form, sent);
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
