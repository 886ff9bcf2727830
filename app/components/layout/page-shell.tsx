import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { currentMenuUrl, getPage, menuGroup } from "~/content/pages";
import type { Page } from "~/content/schema";
import { useSite } from "~/lib/site";
import { PHONE_ATTR } from "~/lib/before-script";
import { Picture } from "./picture";
import { KeepTogether } from "./keep-together";

/**
 * The banner every sub-page opens with: artwork, title, slogan lines and a screen-reader heading.
 * `headingElsewhere`: the page's h1 and description are in its own content (a press article's
 * title heads its `<article>`), so the banner carries neither.
 */
export function PageBanner({ page, headingElsewhere }: { page: Page; headingElsewhere?: boolean }) {
  const { images, identity } = useSite();
  const image = (page.section && images.banners[page.section]) || images.bannerDefault;
  const Frame = headingElsewhere ? "div" : "section";
  return (
    <Frame className="page-banner" aria-labelledby={headingElsewhere ? undefined : "page-heading"}>
      <Picture image={image} priority className="page-banner-img" alt="" />
      <div className="page-banner-text">
        <p className="page-banner-title" aria-hidden="true">
          {page.banner.title}
        </p>
        {page.banner.slogans.map((line) => (
          <p
            key={line}
            className="page-banner-slogan"
            // A slogan that names the complex's number shows a visit's ad-source number instead.
            {...(line.includes(identity.phone) ? { [PHONE_ATTR]: "" } : {})}
          >
            <KeepTogether>{line}</KeepTogether>
          </p>
        ))}
      </div>
      {headingElsewhere ? null : (
        <>
          <h1 id="page-heading" className="sr-only">
            {page.title}
          </h1>
          <p className="sr-only">{page.srDescription}</p>
        </>
      )}
    </Frame>
  );
}

/**
 * Tabs to the other pages of the same menu section. On a phone they scroll sideways:
 * app/enhance/chrome.ts brings the current one into view and marks the edges that hide more tabs
 * (`data-more`, faded out in layout.css).
 */
function SubMenu({ items, label }: { items: { title: string; url: string }[]; label: string }) {
  const current = currentMenuUrl(useSite(), useLocation().pathname);
  return (
    <nav className="sub-menu" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.url + item.title}>
            <a href={item.url} aria-current={item.url === current ? "page" : undefined}>
              {item.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab menu of a menu section (nothing for a page outside the menu). */
export function SectionMenu({ section }: { section: string | undefined }) {
  const group = menuGroup(useSite(), section);
  return group ? <SubMenu items={group.items} label={`${group.title} 하위 메뉴`} /> : null;
}

/**
 * Frame of an information page: banner, the section's tab menu, a visible page title and the body.
 * The page is looked up in the complex's pages by the current path (or `path`).
 */
export function PageShell({ children, path }: { children: ReactNode; path?: string }) {
  const site = useSite();
  const { pathname } = useLocation();
  const page = getPage(site, path ?? pathname);
  const group = menuGroup(site, page.section);
  return (
    <>
      <PageBanner page={page} />
      <SectionMenu section={page.section} />
      <div className="page-body">
        <header className="page-head">
          {group ? <p className="page-eyebrow">{group.title}</p> : null}
          <p className="page-title" aria-hidden="true">
            {page.title}
          </p>
        </header>
        {children}
      </div>
    </>
  );
}

export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <div className="coming-soon" role="status">
      <p className="coming-soon-title">준비중입니다</p>
      <p>
        {children ??
          "빠른 시일 내에 안내해 드리겠습니다. 자세한 사항은 분양 상담을 통해 확인해 주세요."}
      </p>
    </div>
  );
}
