import { Link } from "react-router";

/** 이전 · page / pages · 다음 under a list of more than one page; nothing for a single page. */
export function Pager({
  page,
  pages,
  href,
  label = "쪽 이동",
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  /** The navigation's name: its own on a page with two lists that page. */
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      {page > 1 ? <Link to={href(page - 1)}>이전</Link> : null}
      <span>
        {page} / {pages}
      </span>
      {page < pages ? <Link to={href(page + 1)}>다음</Link> : null}
    </nav>
  );
}
