import { formatViews } from "~/press/press-pages";
import { formatKoreanDate } from "~/lib/korean-time";
import { useSite } from "~/lib/site";
import type { PressPhoto } from "~/press/press-photo";
import { PressPicture } from "./press-picture";

/** A row of the press list as the loader sends it. */
type PressRow = {
  id: string;
  title: string;
  publishedAt: string;
  views: number;
  photo: PressPhoto | null;
};

export type PressListPage = {
  posts: PressRow[];
  next: string | null;
  total: number;
  before: number;
};

/*
 * The press list: NO, title, date; above 900 px also author, views and the photo. "더보기" is a link
 * to the next page (?after=<cursor>), so it works without JavaScript; with it
 * (app/enhance/chrome/press-list.ts), the next page's rows are fetched and appended, and focus moves to
 * its first title.
 */
export function PressTable({
  site,
  page,
}: {
  /** The press site's id in the address (`/<site>/press`); the complex comes from useSite(). */
  site: string;
  page: PressListPage;
}) {
  const { authorLabel } = useSite().press;
  const moreHref = page.next ? `/${site}/press?after=${encodeURIComponent(page.next)}` : null;
  const rows = page.posts.map((post, i) => ({ post, no: page.total - page.before - i }));
  return (
    <div
      className="press-list"
      data-press-list=""
      data-before={page.before}
      // Where React renders this (the administrator's hydrated page), another list is new markup:
      // the rows app/enhance appended to the old one go with it.
      key={`${page.total}:${page.before}:${page.posts[0]?.id ?? ""}`}
    >
      <p className="press-count">
        전체 <strong>{page.total.toLocaleString("ko-KR")}</strong>건
      </p>
      {rows.length === 0 ? (
        <p className="press-empty">
          {page.before > 0 ? "더 이상 보도자료가 없습니다." : "등록된 보도자료가 없습니다."}
        </p>
      ) : (
        <table className="press-table">
          <caption className="sr-only">보도자료 목록 (제목을 누르면 본문으로 이동합니다)</caption>
          <thead>
            <tr>
              <th scope="col" className="col-no">
                NO
              </th>
              <th scope="col" className="col-title">
                제목
              </th>
              <th scope="col" className="col-author wide-only">
                작성자
              </th>
              <th scope="col" className="col-date">
                작성일
              </th>
              <th scope="col" className="col-views wide-only">
                조회수
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ post, no }) => (
              <tr key={post.id}>
                <td className="col-no">{no}</td>
                <td className="col-title">
                  <a
                    href={`/${site}/press/${post.id}`}
                    data-post={post.id}
                    className="press-title-link"
                  >
                    {post.photo ? (
                      <span className="press-thumb wide-only" aria-hidden="true">
                        <PressPicture photo={post.photo} alt="" sizes="96px" />
                      </span>
                    ) : null}
                    <span className="press-title-text">{post.title}</span>
                  </a>
                </td>
                <td className="col-author wide-only">{authorLabel}</td>
                <td className="col-date">{formatKoreanDate(post.publishedAt)}</td>
                <td className="col-views wide-only">{formatViews(post.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="press-more">
        {moreHref ? (
          <a href={moreHref} className="btn btn-outline" data-press-more="">
            더보기
          </a>
        ) : null}
        {page.before > 0 ? (
          <a href={`/${site}/press`} className="press-first">
            처음부터 보기
          </a>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite" data-press-status="" />
    </div>
  );
}
