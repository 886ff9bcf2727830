import { Link } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import { formatViews } from "~/press/press-pages";
import type { Route } from "./+types/press";
import { ConsoleDeletePost } from "~/components/admin/console-delete-post";
import { Pager } from "~/components/admin/pager";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { withParam } from "~/console/console";
import { formatKoreanDateTime } from "~/lib/korean-time";
import { postedMessage } from "~/press/press-form";
import { getPost, listAllPosts } from "~/press/posts.server";
import { requireConsoleSite } from "~/console/console-site.server";
import { requireSite, siteOrigin } from "~/sites/registry.server";

/**
 * /admin/press: every post with its state (draft, scheduled, published), views, edit and delete.
 * After /admin/press/new saves a post (?created=<id>): what became of it, and its row marked. The
 * complex worked on: `?site=<id>` or the host's (app/console/console-site.server.ts).
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "보도자료 관리");
export const headers = adminHeaders;

const PAGE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  const { siteId, query } = await requireConsoleSite(request, "press");
  const site = requireSite(siteId);
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("page"));
  const createdId = url.searchParams.get("created");
  const [{ posts, total, page, pages }, created] = await Promise.all([
    listAllPosts(siteId, { page: requested, limit: PAGE }),
    createdId ? getPost(siteId, createdId) : undefined,
  ]);
  return {
    query,
    // Another complex's posts are read on its own address.
    origin: query ? siteOrigin(site) : "",
    multiSite: site.press.sites.length > 1,
    created: created
      ? { id: created.id, state: created.state, publishedAt: created.publishedAt }
      : null,
    page,
    pages,
    total,
    posts: posts.map((p) => ({
      id: p.id,
      site: p.site,
      title: p.title,
      state: p.state,
      publishedAt: p.publishedAt,
      updatedAt: p.updatedAt,
      views: p.views,
      hasPhoto: Boolean(p.photo),
    })),
  };
}

const STATE = {
  draft: { label: "임시저장", className: "is-draft" },
  scheduled: { label: "예약", className: "is-scheduled" },
  published: { label: "게시됨", className: "is-published" },
} as const;

export default function AdminPress({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, total, created, query, origin, multiSite } = loaderData;
  const pageLink = (n: number) => withParam(query, `page=${n}`);
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">보도자료 관리</h1>
        <Link to={`/admin/press/new${query}`} className="btn btn-primary btn-small">
          새 보도자료 쓰기
        </Link>
      </div>
      <FormMessage tone="ok" focus key={created?.id}>
        {created ? postedMessage(created) : null}
      </FormMessage>
      <p className="admin-summary">전체 {total}건 (임시저장·예약 포함)</p>
      <div className="admin-table-wrap">
        <table className="admin-table admin-cards">
          <caption className="sr-only">보도자료 목록 (임시저장·예약 포함)</caption>
          <thead>
            <tr>
              <th scope="col">상태</th>
              <th scope="col">제목</th>
              {multiSite ? <th scope="col">사이트</th> : null}
              <th scope="col">게시 일시</th>
              <th scope="col">조회수</th>
              <th scope="col">관리</th>
            </tr>
          </thead>
          <tbody>
            {posts.length === 0 ? (
              <tr>
                <td colSpan={multiSite ? 6 : 5} className="admin-empty">
                  아직 보도자료가 없습니다.
                </td>
              </tr>
            ) : (
              posts.map((p) => (
                <tr key={p.id} className={p.id === created?.id ? "is-created" : undefined}>
                  <td data-label="상태">
                    <span className={`state-badge ${STATE[p.state].className}`}>
                      {STATE[p.state].label}
                    </span>
                  </td>
                  <td className="admin-cell-title" data-label="제목">
                    {/* One piece, so that on a phone's card the tags follow the title. */}
                    <span>
                      <a href={`${origin}/${p.site}/press/${p.id}`}>{p.title}</a>
                      {p.id === created?.id ? (
                        <span className="admin-tag is-new">새 글</span>
                      ) : null}
                      {p.hasPhoto ? <span className="admin-tag">사진</span> : null}
                    </span>
                  </td>
                  {multiSite ? <td data-label="사이트">{p.site}</td> : null}
                  <td className="nowrap" data-label="게시 일시">
                    {p.publishedAt ? formatKoreanDateTime(p.publishedAt) : "—"}
                  </td>
                  <td className="num" data-label="조회수">
                    {formatViews(p.views)}
                  </td>
                  <td data-label="관리">
                    <div className="admin-row-actions">
                      <Link
                        to={`/admin/press/${p.id}${query}`}
                        className="btn btn-outline btn-small"
                      >
                        수정
                      </Link>
                      <ConsoleDeletePost id={p.id} title={p.title} query={query} />
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} href={pageLink} />
    </>
  );
}
