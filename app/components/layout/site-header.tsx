import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import { Link, useLocation } from "react-router";
import { content } from "~/content";
import { currentMenuUrl, groupUrl } from "~/content/pages";
import { telHref } from "~/lib/phone";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { Logo } from "./logo";

/** Scroll position thresholds: the header turns solid above 0, the top button shows above 200. */
function useScrollFlags() {
  const [flags, setFlags] = useState({ scrolled: false, deep: false });
  useEffect(() => {
    const update = () => {
      const y = window.scrollY;
      setFlags((f) =>
        f.scrolled === y > 0 && f.deep === y > 200 ? f : { scrolled: y > 0, deep: y > 200 },
      );
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return flags;
}

export function SiteHeader() {
  const { scrolled, deep } = useScrollFlags();
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  // Any navigation closes the menus. Focus that was on a menu link (now hidden) or nowhere moves to
  // the new page's content, so keyboard and screen-reader users continue from there.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    setDropdownOpen(false);
    setDrawerOpen(false);
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest(".site-header")) {
      document.getElementById("main")?.focus({ preventScroll: true });
    }
  }, [location.pathname]);

  const solid = scrolled || dropdownOpen || drawerOpen;
  return (
    <>
      <header
        className="site-header"
        data-scrolled={scrolled ? "true" : "false"}
        data-solid={solid ? "true" : "false"}
        onMouseLeave={() => setDropdownOpen(false)}
        onKeyDown={(e) => {
          if (e.key !== "Escape" || !dropdownOpen) return;
          // A focused sub-link is about to be hidden: keep focus on its top menu item (first, so the
          // focus handler's "open" is overridden by the "close" below).
          const item = (e.target as HTMLElement).closest(".gnb-item");
          item?.querySelector<HTMLElement>(".gnb-link")?.focus();
          setDropdownOpen(false);
        }}
      >
        <DesktopHeader open={dropdownOpen} setOpen={setDropdownOpen} />
        <MobileHeader open={drawerOpen} setOpen={setDrawerOpen} />
      </header>
      <a
        href="#top"
        className="to-top"
        data-visible={deep ? "true" : "false"}
        aria-hidden={deep ? undefined : "true"}
        tabIndex={deep ? undefined : -1}
        onClick={(e) => {
          e.preventDefault();
          const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          window.scrollTo({ top: 0, behavior: still ? "auto" : "smooth" });
          document.getElementById("main")?.focus({ preventScroll: true });
        }}
      >
        <span className="sr-only">맨 위로</span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
        </svg>
      </a>
    </>
  );
}

/** Rows of the tallest dropdown column: the white panel behind the columns is sized to it. */
const longestMenu = Math.max(...content.menu.map((g) => g.items.length));

function DesktopHeader({ open, setOpen }: { open: boolean; setOpen: (v: boolean) => void }) {
  const current = currentMenuUrl(useLocation().pathname);
  return (
    <div className="header-desktop" style={{ "--gnb-rows": longestMenu } as CSSProperties}>
      <div className="header-bar">
        <Link to="/" className="header-logo" aria-label={`${content.project.siteName} 홈`}>
          <Logo />
        </Link>
        <nav
          aria-label="주 메뉴"
          className="gnb"
          onFocus={(e) => {
            // Opens on keyboard focus; a mouse click on a top item opens it by hover already.
            if ((e.target as HTMLElement).matches(":focus-visible")) setOpen(true);
          }}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <ul className="gnb-list">
            {content.menu.map((group) => {
              const active = group.items.some((i) => i.url === current);
              return (
                <li key={group.title} className="gnb-item" onMouseEnter={() => setOpen(true)}>
                  <Link
                    to={groupUrl(group)}
                    className="gnb-link"
                    aria-current={active ? "true" : undefined}
                  >
                    {group.title}
                  </Link>
                  <ul className="gnb-sub" data-open={open ? "true" : "false"}>
                    {group.items.map((item) => (
                      <li key={item.url + item.title}>
                        <Link
                          to={item.url}
                          className="gnb-sub-link"
                          tabIndex={open ? undefined : -1}
                          aria-current={item.url === current ? "page" : undefined}
                        >
                          {item.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="header-actions">
          <Link to="/Promotion/Customer" className="header-consult">
            모바일 상담
          </Link>
          <RegisterTrigger
            className="header-phone"
            label={`방문예약 및 상담 신청, 대표번호 ${content.contact.phone}`}
          >
            <PhoneIcon />
            <span>{content.contact.phone}</span>
          </RegisterTrigger>
        </div>
      </div>
      <div className="gnb-backdrop" data-open={open ? "true" : "false"} aria-hidden="true" />
    </div>
  );
}

function MobileHeader({ open, setOpen }: { open: boolean; setOpen: (v: boolean) => void }) {
  const drawerId = useId();
  const current = currentMenuUrl(useLocation().pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const [section, setSection] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    document.body.dataset.menuOpen = "true";
    drawerRef.current?.querySelector<HTMLElement>("a,button")?.focus();
    return () => {
      document.removeEventListener("keydown", onKey);
      delete document.body.dataset.menuOpen;
    };
  }, [open, setOpen]);

  return (
    <div className="header-mobile">
      <div className="header-bar">
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(!open)}
        >
          <span className="sr-only">{open ? "메뉴 닫기" : "메뉴 열기"}</span>
          <span className="menu-toggle-icon" data-open={open ? "true" : "false"} aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
        </button>
        <Link to="/" className="header-logo" aria-label={`${content.project.siteName} 홈`}>
          <Logo />
        </Link>
        <a href={telHref(content.contact.phone)} className="header-call">
          <PhoneIcon />
          <span className="sr-only">전화 상담 {content.contact.phone}</span>
        </a>
      </div>
      <div
        id={drawerId}
        ref={drawerRef}
        className="drawer"
        data-open={open ? "true" : "false"}
        hidden={!open}
      >
        <nav aria-label="모바일 메뉴">
          <Link to="/Promotion/Customer" className="drawer-cta" onClick={() => setOpen(false)}>
            방문예약 바로가기
          </Link>
          <ul className="accordion">
            {content.menu.map((group) => {
              const expanded = section === group.title;
              const panelId = `${drawerId}-${group.title}`;
              return (
                <li key={group.title} className="accordion-item">
                  <button
                    type="button"
                    className="accordion-head"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setSection(expanded ? null : group.title)}
                  >
                    {group.title}
                  </button>
                  <ul id={panelId} className="accordion-panel" hidden={!expanded}>
                    {group.items.map((item) => (
                      <li key={item.url + item.title}>
                        <Link
                          to={item.url}
                          aria-current={item.url === current ? "page" : undefined}
                          onClick={() => setOpen(false)}
                        >
                          {item.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <a href={telHref(content.contact.phone)} className="drawer-phone">
            <PhoneIcon /> {content.contact.phone} <small>{content.contact.hours}</small>
          </a>
        </nav>
      </div>
      <div
        className="drawer-backdrop"
        hidden={!open}
        onClick={() => setOpen(false)}
        aria-hidden="true"
      />
    </div>
  );
}

export function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.24 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z"
      />
    </svg>
  );
}
