import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { CONSOLE_NAME, switchHref } from "~/console/console";

/*
 * The console's own header (issue 39, item 6): the product, the complex being worked on (its name
 * and host) with a switcher of every complex of the account, the account and 로그아웃, then the
 * menu. Console pages never wear a complex's public header, footer or phone bar (root.tsx).
 */

export type ConsoleComplexItem = { id: string; name: string; host: string };
export type ConsoleLink = { to: string; label: string; end: boolean };

/** The product's name, linking to the console's home (the sign-in pages: without a link). */
function ConsoleBrand({ to }: { to?: string }) {
  return to ? (
    <Link to={to} className="console-brand">
      {CONSOLE_NAME}
    </Link>
  ) : (
    <span className="console-brand">{CONSOLE_NAME}</span>
  );
}

/** The sign-in and invitation pages' header: the product only. */
export function ConsoleMinimalHeader() {
  return (
    <header className="console-header">
      <div className="console-bar">
        <ConsoleBrand />
      </div>
    </header>
  );
}

/**
 * 단지 바꾸기: a disclosure of links, one per complex, each to this page (or its list) for that
 * complex. Without the script it opens and closes as any `<details>`; with it, Escape closes it and
 * gives the focus back to its button, and a choice closes it.
 */
function ComplexSwitcher({
  complexes,
  current,
  hostSite,
}: {
  complexes: ConsoleComplexItem[];
  current: string;
  hostSite: string;
}) {
  const { pathname } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const close = (focus: boolean) => {
    if (!details.current?.open) return;
    details.current.open = false;
    if (focus) details.current.querySelector("summary")?.focus();
  };
  if (complexes.length < 2) return null;
  return (
    <details
      ref={details}
      className="console-switch"
      onKeyDown={(e) => {
        if (e.key === "Escape") close(true);
      }}
    >
      <summary>
        단지 바꾸기<span className="sr-only"> ({complexes.length}개 단지)</span>
      </summary>
      <ul className="console-switch-list" aria-label="단지 목록">
        {complexes.map((c) => (
          <li key={c.id}>
            <Link
              to={switchHref(pathname, c.id, hostSite)}
              aria-current={c.id === current ? "true" : undefined}
              onClick={() => close(false)}
            >
              <span className="console-switch-name">{c.name}</span>
              {c.host ? <span className="console-switch-host">{c.host}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function ConsoleHeader({
  home,
  current,
  complexes,
  hostSite,
  email,
  links,
}: {
  home: string;
  current: ConsoleComplexItem;
  complexes: ConsoleComplexItem[];
  hostSite: string;
  email: string;
  links: ConsoleLink[];
}) {
  const { pathname, search } = useLocation();
  // On a phone the menu is one line that scrolls sideways: the current page's link is brought into
  // it (the line alone scrolls, never the page).
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = menu.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = Math.max(0, left - 16);
  }, [pathname]);
  return (
    <header className="console-header">
      <div className="console-bar">
        <ConsoleBrand to={home} />
        <div className="console-site">
          <p className="console-site-now">
            <span className="sr-only">작업 중인 단지: </span>
            <strong className="console-site-name">{current.name}</strong>
            {current.host ? <span className="console-site-host">{current.host}</span> : null}
          </p>
          {/* Closed again on every page (a new element per address). */}
          <ComplexSwitcher
            key={pathname + search}
            complexes={complexes}
            current={current.id}
            hostSite={hostSite}
          />
        </div>
        <div className="console-account">
          <span className="console-email" title={email}>
            {email}
          </span>
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="redirectTo" value="/admin/login?signedOut=1" />
            <button type="submit" className="console-signout">
              로그아웃
            </button>
          </Form>
        </div>
      </div>
      <nav className="admin-nav" aria-label="관리자 메뉴">
        <ul ref={menu}>
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.end}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
