import { useEffect, useRef, useState, type MouseEvent } from "react";
import { formatViews } from "~/lib/press-pages";
import { Link, useFetcher } from "react-router";
import { content } from "~/content";
import { formatKoreanDate } from "~/lib/korean-date";
import type { PressPhoto } from "~/lib/press-photo";
import { PressPicture } from "./press-picture";

/** A row of the press list as the loader sends it. */
export type PressRow = {
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
 * to the next page (?after=<cursor>), so it works without JavaScript; with it, the next page is
 * fetched and appended, and focus moves to its first title. Loaded pages are dropped when the
 * loader's first page changes (another site, a new post).
 */
export function PressTable({ site, page }: { site: string; page: PressListPage }) {
  const fetcher = useFetcher<{ page: PressListPage }>();
  const [loaded, setLoaded] = useState<{ base: PressListPage; more: PressListPage[] }>({
    base: page,
    more: [],
  });
  if (loaded.base !== page) setLoaded({ base: page, more: [] });
  const focusRow = useRef<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const pages = loaded.base === page ? [page, ...loaded.more] : [page];
  const last = pages[pages.length - 1]!;
  const count = page.before + pages.reduce((n, p) => n + p.posts.length, 0);

  useEffect(() => {
    const next = fetcher.data?.page;
    if (!next || fetcher.state !== "idle") return;
    setLoaded((current) => {
      const shown =
        current.base.before +
        [current.base, ...current.more].reduce((n, p) => n + p.posts.length, 0);
      // Only the page that continues where the list ends (a late answer for an old list is dropped).
      if (next.before !== shown) return current;
      focusRow.current = next.posts[0]?.id ?? null;
      return { ...current, more: [...current.more, next] };
    });
  }, [fetcher.data, fetcher.state]);

  useEffect(() => {
    if (!focusRow.current) return;
    tableRef.current?.querySelector<HTMLElement>(`[data-post="${focusRow.current}"]`)?.focus();
    focusRow.current = null;
  });

  const moreHref = last.next ? `/${site}/press?after=${encodeURIComponent(last.next)}` : null;
  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (!moreHref || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (fetcher.state === "idle") fetcher.load(moreHref);
  }

  const rows = pages.flatMap((p) =>
    p.posts.map((post, i) => ({ post, no: p.total - p.before - i })),
  );

  return (
    <div className="press-list">
      <p className="press-count">
        전체 <strong>{page.total.toLocaleString("ko-KR")}</strong>건
      </p>
      {rows.length === 0 ? (
        <p className="press-empty">
          {page.before > 0 ? "더 이상 보도자료가 없습니다." : "등록된 보도자료가 없습니다."}
        </p>
      ) : (
        <table className="press-table" ref={tableRef}>
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
                  <Link
                    to={`/${site}/press/${post.id}`}
                    prefetch="intent"
                    data-post={post.id}
                    className="press-title-link"
                  >
                    {post.photo ? (
                      <span className="press-thumb wide-only" aria-hidden="true">
                        <PressPicture photo={post.photo} alt="" sizes="96px" />
                      </span>
                    ) : null}
                    <span className="press-title-text">{post.title}</span>
                  </Link>
                </td>
                <td className="col-author wide-only">{content.press.authorLabel}</td>
                <td className="col-date">{formatKoreanDate(post.publishedAt)}</td>
                <td className="col-views wide-only">{formatViews(post.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="press-more">
        {moreHref ? (
          <Link
            to={moreHref}
            className="btn btn-outline"
            onClick={loadMore}
            aria-disabled={fetcher.state !== "idle" ? true : undefined}
            preventScrollReset
          >
            {fetcher.state !== "idle" ? "불러오는 중…" : "더보기"}
          </Link>
        ) : null}
        {page.before > 0 ? (
          <Link to={`/${site}/press`} className="press-first">
            처음부터 보기
          </Link>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {count > page.before + page.posts.length ? `보도자료 ${count}건을 표시하고 있습니다.` : ""}
      </p>
    </div>
  );
}
