import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/site";
import { contentHref } from "~/lib/content-href";
import { FormMessage } from "~/components/admin/form-message";
import { SiteExport, SiteImport } from "~/components/admin/site-portable";
import { TableHead } from "~/components/admin/table-head";
import { mayUse } from "~/auth/access.server";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { sitesWithLeads } from "~/leads/retention.server";
import { adminHeaders, adminMeta, adminNotFound, orNotFound } from "~/lib/admin-page";
import { formatKoreanDateTime, kstInputToIso } from "~/lib/korean-time";
import { SITE_ID } from "~/lib/sites";
import { siteJsonSchema } from "~/content/schema";
import { field, requireForm } from "~/http/form.server";
import { describeChanges, type ChangeRow } from "~/console/content-changes";
import { problemField, type FieldSchema } from "~/console/form-schema";
import {
  diffContent,
  getDraft,
  listVersions,
  publishDraft,
  restoreVersion,
  setServed,
  versionContent,
} from "~/console/content-store.server";
import { leftoversOf } from "~/console/copy-source.server";
import { mayChangeHosts } from "~/sites/hosts.server";
import { importFromForm } from "~/console/portable.server";
import { SITE_ZIP_MAX_BYTES } from "~/console/portable-messages.server";
import { siteById, siteOrigin } from "~/sites/registry.server";
import { STATE_LABEL } from "./sites";
import { storedState } from "~/console/sync.server";
import { deleteComplex } from "~/console/complexes.server";

/*
 * /admin/sites/:siteId: one complex's publishing. 게시 checks the whole draft with the build's
 * Korean messages (each linking to its field in the content form) and publishes it now or at a
 * Korean time; every instance serves it within seconds (console/sync.server.ts). The versions, the fields
 * changed between a version and the one before, one-step restore into the draft; taking the
 * complex down (준비 중) and deleting it when it holds no leads.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "단지 게시");
export const headers = adminHeaders;

/** The signed-in administrator of the complex (in the store: this instance may not serve it yet). */
async function target(request: Request, siteId: string) {
  const admin = await requireArea(request, siteId, "content");
  return { admin, draft: orNotFound(SITE_ID.test(siteId) ? await getDraft(siteId) : undefined) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const siteId = params.siteId;
  const { draft } = await target(request, siteId);
  const versions = await listVersions(siteId);
  const url = new URL(request.url);
  const compare = Number(url.searchParams.get("compare"));
  let changes: ChangeRow[] | null = null;
  if (compare > 1) {
    const [before, after] = await Promise.all([
      versionContent(siteId, compare - 1),
      versionContent(siteId, compare),
    ]);
    if (before && after) {
      const schema = siteJsonSchema() as FieldSchema;
      changes = describeChanges(schema, before, after, diffContent(before, after));
    }
  }
  const site = siteById(siteId);
  const identity = draft.content.identity as { name?: string } | undefined;
  const leftovers = await leftoversOf(siteId, draft.content);
  return data(
    {
      siteId,
      name: identity?.name ?? siteId,
      origin: site ? siteOrigin(site) : null,
      state: (await storedState(siteId)) ?? "draft",
      draft: { revision: draft.revision, savedAt: draft.savedAt, savedBy: draft.savedBy },
      versions,
      compare: changes ? { version: compare, changes } : null,
      created: url.searchParams.has("created"),
      leftovers: leftovers && { count: leftovers.open.length, sourceName: leftovers.sourceName },
      done: url.searchParams.get("done"),
    },
    { headers: adminHeaders() },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const siteId = params.siteId;
  const { admin, draft } = await target(request, siteId);
  const form = await requireForm(request, SITE_ZIP_MAX_BYTES + 1024 * 1024);
  const intent = field(form, "intent");
  const back = (done: string) => redirect(`/admin/sites/${siteId}?done=${done}`);
  if (intent === "import") {
    // An editor's zip keeps the complex's hosts: only an 에이전시 관리자 changes them.
    const keepHosts = !mayChangeHosts(admin, siteId);
    const imported = await importFromForm(form, { into: siteId, keepHosts }, admin.email);
    if (imported.ok) return back("imported");
    return data({ importProblems: imported.problems }, { status: 400, headers: adminHeaders() });
  }
  if (intent === "publish") {
    const at = field(form, "liveFrom");
    const liveFrom = at ? kstInputToIso(at) : null;
    if (at && !liveFrom) {
      return data(
        { problems: [{ path: "liveFrom", message: "게시 시각을 날짜와 시간으로 입력해 주세요" }] },
        { status: 400, headers: adminHeaders() },
      );
    }
    const published = await publishDraft(siteId, admin.email, {
      note: field(form, "note"),
      liveFrom: liveFrom ? new Date(liveFrom) : undefined,
    });
    if (!published.ok) {
      // Each at its field of the content form, named by the labels that lead there.
      const schema = siteJsonSchema() as FieldSchema;
      const problems = published.problems.map((p) => ({
        path: p.path,
        message: p.message,
        // A copy's field still holding its source's identity (app/console/leftovers.ts).
        leftover: "leftover" in p,
        ...problemField(schema, draft.content, p.path),
      }));
      return data({ problems }, { status: 400, headers: adminHeaders() });
    }
    return back(liveFrom && new Date(liveFrom) > new Date() ? "scheduled" : "published");
  }
  if (intent === "restore") {
    // An editor's restore keeps the draft's hosts and 기본 단지 mark: only an 에이전시 관리자
    // changes them (app/sites/hosts.server.ts), and an old version would undo the agency's change.
    const restored = await restoreVersion(siteId, Number(field(form, "version")), admin.email, {
      keepAddress: !mayChangeHosts(admin, siteId),
    });
    if (!restored.ok) return back("missing");
    return back(restored.kept.length ? `restored-${restored.kept.join("-")}` : "restored");
  }
  // Taking a complex down and deleting it: 에이전시 관리자 only (the same 404 as elsewhere).
  if (
    ["unpublish", "republish", "delete"].includes(intent) &&
    !mayUse(admin, siteId, "complexes")
  ) {
    throw adminNotFound();
  }
  if (intent === "unpublish" || intent === "republish") {
    await setServed(siteId, intent === "republish");
    return back(intent);
  }
  if (intent === "delete") {
    if (field(form, "confirm").trim() !== siteId) {
      return data(
        {
          problems: [{ path: "", message: `삭제하려면 단지 ID(${siteId})를 그대로 입력해 주세요` }],
        },
        { status: 400, headers: adminHeaders() },
      );
    }
    if ((await sitesWithLeads()).includes(siteId)) {
      return data(
        {
          problems: [
            {
              path: "",
              message:
                "상담 접수가 있는 단지는 삭제할 수 없습니다. 접수 내역을 내려받고(CSV) 정리한 뒤 삭제해 주세요.",
            },
          ],
        },
        { status: 400, headers: adminHeaders() },
      );
    }
    await deleteComplex(siteId);
    return redirect("/admin/sites");
  }
  return data(
    { problems: [{ path: "", message: "알 수 없는 요청입니다" }] },
    { status: 400, headers: adminHeaders() },
  );
}

const DONE: Record<string, string> = {
  published: "게시했습니다. 몇 초 안에 모든 서버의 페이지가 바뀝니다.",
  scheduled: "예약 게시를 등록했습니다. 정한 시각에 페이지가 바뀝니다.",
  restored: "선택한 버전을 초안으로 되돌렸습니다. 확인한 뒤 게시해 주세요.",
  "restored-hosts":
    "선택한 버전을 초안으로 되돌렸습니다. 호스트 이름은 에이전시 관리자만 바꿀 수 있어 지금 초안의 것을 그대로 두었습니다. 확인한 뒤 게시해 주세요.",
  "restored-default":
    "선택한 버전을 초안으로 되돌렸습니다. 기본 단지 표시는 에이전시 관리자만 바꿀 수 있어 지금 초안의 것을 그대로 두었습니다. 확인한 뒤 게시해 주세요.",
  "restored-hosts-default":
    "선택한 버전을 초안으로 되돌렸습니다. 호스트 이름과 기본 단지 표시는 에이전시 관리자만 바꿀 수 있어 지금 초안의 것을 그대로 두었습니다. 확인한 뒤 게시해 주세요.",
  unpublish: "게시를 중단했습니다. 단지 주소에는 ‘준비 중’ 안내가 나옵니다.",
  republish: "다시 게시했습니다.",
  missing: "그 버전을 찾지 못했습니다.",
  imported:
    "zip을 새 초안으로 가져왔습니다. 게시된 페이지는 그대로입니다. 확인한 뒤 게시해 주세요.",
};

/** Where a field is edited: the content form, at the field's control. */

type Problem = { path: string; message: string; id?: string; label?: string; leftover?: boolean };

export default function AdminSite({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const problems: Problem[] = actionData && "problems" in actionData ? actionData.problems : [];
  const importProblems =
    actionData && "importProblems" in actionData ? actionData.importProblems : [];
  return (
    <>
      <p>
        <Link to={`/admin/sites?site=${d.siteId}`}>← 단지 관리</Link>
      </p>
      <h1 className="admin-title">
        {d.name} <span>({d.siteId})</span>
      </h1>
      {d.created ? (
        <FormMessage tone="ok" focus>
          단지를 만들었습니다. 내용을 고친 뒤 게시해 주세요.
        </FormMessage>
      ) : null}
      {d.done && DONE[d.done] ? (
        <FormMessage tone={d.done === "missing" ? "error" : "ok"} focus>
          {DONE[d.done]}
        </FormMessage>
      ) : null}
      <p className="admin-links">
        <Link to={contentHref(d.siteId)} className="admin-link">
          콘텐츠 편집
        </Link>{" "}
        ·{" "}
        <Link to={`/admin/preview?site=${d.siteId}`} className="admin-link">
          미리보기
        </Link>
      </p>
      <dl className="admin-facts">
        <dt>상태</dt>
        <dd>{STATE_LABEL[d.state]}</dd>
        <dt>주소</dt>
        <dd>
          {d.origin ? (
            <>
              <a href={d.origin} target="_blank" rel="noopener">
                {d.origin}
                <span className="sr-only"> (새 창)</span>
              </a>
              {d.state === "live" ? null : " · 게시 중이 아니어서 지금은 준비 중 안내가 나옵니다"}
            </>
          ) : (
            "잠시 후 표시됩니다"
          )}
        </dd>
        <dt>초안</dt>
        <dd>
          {formatKoreanDateTime(d.draft.savedAt)} {d.draft.savedBy} 저장 (수정 {d.draft.revision}
          회차)
        </dd>
      </dl>

      <h2 className="admin-subtitle" id="publish">
        게시
      </h2>
      {problems.length ? (
        <div role="alert" className="form-message is-error">
          <p>게시하지 못했습니다. 아래 {problems.length}곳을 고쳐 주세요.</p>
          {problems.some((p) => p.leftover) ? (
            <p>
              원본 단지({d.leftovers?.sourceName})의 내용이 남은 곳은 고치거나, 이 단지에도 맞는
              내용이면{" "}
              <a href={contentHref(d.siteId, "leftovers")}>콘텐츠 편집의 ‘원본 단지 내용’</a>
              에서 ‘그대로 두기’로 표시해 주세요.
            </p>
          ) : null}
          <ul>
            {problems.map((p, i) => (
              <li key={i}>
                {p.id ? (
                  <a href={contentHref(d.siteId, p.id)}>
                    {p.label ? <span className="cf-summary-label">{p.label}: </span> : null}
                    {p.message}
                  </a>
                ) : (
                  p.message
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {d.leftovers?.count && !problems.length ? (
        <p className="form-message is-error">
          원본 단지({d.leftovers.sourceName})의 내용이 {d.leftovers.count}곳 남아 있어 게시할 수
          없습니다. <a href={contentHref(d.siteId, "leftovers")}>원본 단지 내용 보기</a>
        </p>
      ) : null}
      <Form method="post" className="admin-form" aria-labelledby="publish">
        <input type="hidden" name="intent" value="publish" />
        <label htmlFor="publish-note">변경 메모 (선택)</label>
        <input id="publish-note" name="note" maxLength={200} />
        <label htmlFor="publish-at">예약 게시 시각 (한국 시간, 비워 두면 지금)</label>
        <input id="publish-at" name="liveFrom" type="datetime-local" />
        <button type="submit" className="btn btn-primary">
          초안 게시
        </button>
      </Form>

      <h2 className="admin-subtitle" id="versions">
        게시 기록
      </h2>
      <table className="admin-table" aria-labelledby="versions">
        <TableHead columns={["버전", "게시", "공개 시각", "메모", "작업"]} />
        <tbody>
          {d.versions.map((v) => (
            <tr key={v.version}>
              <td>{v.version}</td>
              <td>
                {formatKoreanDateTime(v.publishedAt)} {v.publishedBy}
              </td>
              <td>{formatKoreanDateTime(v.liveFrom)}</td>
              <td>{v.note || "—"}</td>
              <td>
                {v.version > 1 ? <Link to={`?compare=${v.version}#changes`}>바뀐 항목</Link> : null}{" "}
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="version" value={v.version} />
                  <button type="submit" className="btn btn-small btn-outline">
                    {v.version}번을 초안으로
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.compare ? (
        <section aria-labelledby="changes">
          <h3 id="changes">
            {d.compare.version - 1}번 → {d.compare.version}번에서 바뀐 항목{" "}
            {d.compare.changes.length}개
          </h3>
          <table className="admin-table">
            <TableHead columns={["항목", "이전 값", "새 값"]} />
            <tbody>
              {d.compare.changes.map((c) => (
                <tr key={c.path}>
                  <th scope="row">{c.label}</th>
                  <td>{c.old}</td>
                  <td>{c.new}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <SiteExport siteId={d.siteId} versions={d.versions} />
      <SiteImport siteId={d.siteId} problems={importProblems} />

      <h2 className="admin-subtitle">게시 중단과 삭제</h2>
      {d.state === "live" || d.versions.length ? (
        <Form method="post" className="inline-form">
          <input
            type="hidden"
            name="intent"
            value={d.state === "live" ? "unpublish" : "republish"}
          />
          <button
            type="submit"
            className={d.state === "live" ? "btn btn-danger-outline" : "btn btn-outline"}
          >
            {d.state === "live" ? "게시 중단 (준비 중 안내)" : "다시 게시"}
          </button>
        </Form>
      ) : null}
      <Form method="post" className="admin-form">
        <label htmlFor="delete-confirm">삭제하려면 단지 ID({d.siteId})를 입력하세요</label>
        <input id="delete-confirm" name="confirm" autoComplete="off" />
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="btn btn-danger">
          단지 삭제
        </button>
      </Form>
    </>
  );
}
