import { useId, type CSSProperties } from "react";
import { useLocation } from "react-router";
import { currentMenuUrl, groupUrl } from "~/content/pages";
import { phoneLink } from "~/lib/source-phone";
import { useSite } from "~/lib/site";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { Logo } from "./logo";

/*
 * The site header: the desktop menu with its dropdown, the phone bar with the menu drawer, and the
 * to-top button. Rendered closed and unscrolled; from the first paint the dropdown opens by CSS and
 * the page's inline code follows the scroll position and runs the phone menu (app/inline/header.ts);
 * the page's script adds the rest (app/enhance/chrome/header.ts). The current menu item comes from the address, on the server.
 * Links are plain <a>: every page is a full page load (docs/decisions/014).
 */
export function SiteHeader() {
  const current = currentMenuUrl(useSite(), useLocation().pathname);
  return (
    <>
      <header className="site-header" data-scrolled="false">
        <DesktopHeader current={current} />
        <MobileHeader current={current} />
      </header>
      <a href="#top" className="to-top" data-visible="false" aria-hidden="true" tabIndex={-1}>
        <span className="sr-only">맨 위로</span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
        </svg>
      </a>
    </>
  );
}

function DesktopHeader({ current }: { current: string | undefined }) {
  const { menu, identity } = useSite();
  // Rows of the tallest dropdown column: the white panel behind the columns is sized to it.
  const longestMenu = Math.max(...menu.map((g) => g.items.length));
  return (
    <div className="header-desktop" style={{ "--gnb-rows": longestMenu } as CSSProperties}>
      <div className="header-bar">
        <a href="/" className="header-logo" aria-label={`${identity.name} 홈`}>
          <Logo />
        </a>
        <nav aria-label="주 메뉴" className="gnb">
          <ul className="gnb-list">
            {menu.map((group) => {
              const active = group.items.some((i) => i.url === current);
              return (
                <li key={group.title} className="gnb-item">
                  <a
                    href={groupUrl(group)}
                    className="gnb-link"
                    aria-current={active ? "true" : undefined}
                  >
                    {group.title}
                  </a>
                  <ul className="gnb-sub" data-open="false">
                    {group.items.map((item) => (
                      <li key={item.url + item.title}>
                        <a
                          href={item.url}
                          className="gnb-sub-link"
                          aria-current={item.url === current ? "page" : undefined}
                        >
                          {item.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="header-actions">
          <a href="/Promotion/Customer" className="header-consult">
            모바일 상담
          </a>
          <RegisterTrigger
            className="header-phone"
            phone
            label={`방문예약 및 상담 신청, 대표번호 ${identity.phone}`}
          >
            <PhoneIcon />
            <span>{identity.phone}</span>
          </RegisterTrigger>
        </div>
      </div>
      <div className="gnb-backdrop" data-open="false" aria-hidden="true" />
    </div>
  );
}

function MobileHeader({ current }: { current: string | undefined }) {
  const { menu, identity, contact } = useSite();
  const drawerId = useId();
  return (
    <div className="header-mobile">
      <div className="header-bar">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded="false"
          aria-controls={drawerId}
          data-menu-toggle=""
        >
          <span className="sr-only">메뉴 열기</span>
          <span className="menu-toggle-icon" data-open="false" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
        </button>
        <a href="/" className="header-logo" aria-label={`${identity.name} 홈`}>
          <Logo />
        </a>
        <a {...phoneLink(identity.phone)} className="header-call">
          <PhoneIcon />
          <span className="sr-only">전화 상담 {identity.phone}</span>
        </a>
      </div>
      <div id={drawerId} className="drawer" data-open="false" hidden>
        <nav aria-label="모바일 메뉴">
          <a href="/Promotion/Customer" className="drawer-cta">
            방문예약 바로가기
          </a>
          <ul className="accordion">
            {menu.map((group, i) => {
              // From the position, never the title: an id holds no space (a title may).
              const panelId = `${drawerId}-${i + 1}`;
              return (
                <li key={group.title} className="accordion-item">
                  <button
                    type="button"
                    className="accordion-head"
                    aria-expanded="false"
                    aria-controls={panelId}
                  >
                    {group.title}
                  </button>
                  <ul id={panelId} className="accordion-panel" hidden>
                    {group.items.map((item) => (
                      <li key={item.url + item.title}>
                        <a href={item.url} aria-current={item.url === current ? "page" : undefined}>
                          {item.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <a {...phoneLink(identity.phone)} className="drawer-phone">
            <PhoneIcon /> {identity.phone} <small>{contact.hours}</small>
          </a>
        </nav>
      </div>
      <div className="drawer-backdrop" hidden />
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
