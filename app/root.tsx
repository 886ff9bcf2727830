import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  type ShouldRevalidateFunction,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { BottomBar } from "~/components/layout/bottom-bar";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { AfterChromeScript, FirstSecondsScript } from "~/components/layout/inline-scripts";
import { RegistrationPopupTemplate } from "~/components/registration/registration-dialog";
import { RENDERED_EVENT } from "~/enhance/events";
import { phoneLink } from "~/lib/source-phone";
import type { Site } from "~/content/schema";
import { type RootData, useCspNonce, useFontExtra, useNotice, useOptionalSite } from "~/lib/site";
import { FONT_EXTRA_ATTR, webFontHeadScript } from "~/lib/web-font";
import { NoticeBar } from "~/components/live/notice-bar";
import {
  allowsTracking,
  isConsolePage,
  isConsolePath,
  routeStylesheets,
  wantsHydration,
} from "~/lib/route-hydration";
import { pageTracking, TRACKING_ATTR } from "~/lib/tracking";
import { documentTitle } from "~/lib/seo";
import fontUrl from "~/styles/fonts/pretendard-subset.woff2?url";
import "~/styles/fonts.css";
import "~/styles/base.css";
import "~/styles/layout.css";
import "~/styles/pages.css";
import "~/styles/plans.css";
import "~/styles/forms.css";

/**
 * The complex the request's host name asks for, and its public origin (app/lib/site.ts); on a
 * console page its name only (`ConsoleRootData`).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { siteOf, siteOrigin } = await import("~/sites/registry.server");
  const { noticeShown } = await import("~/sites/notice.server");
  const { fontExtraOf } = await import("~/lib/font-extra.server");
  const site = siteOf(request);
  // Pages rendered per request (the press pages, the console) allow their inline scripts by this nonce.
  const nonce = context?.cspNonce;
  // Characters of its content the build's font subset lacks (a complex written in the console).
  const fontExtra = fontExtraOf(site);
  const siteUrl = siteOrigin(site);
  if (isConsolePath(new URL(request.url).pathname)) {
    return {
      console: { id: site.id, name: site.identity.name },
      siteUrl,
      ...(fontExtra ? { fontExtra } : {}),
      ...(nonce ? { nonce } : {}),
    };
  }
  // Pages are rendered again when a notice's period begins or ends (console/sync.server.ts).
  const notice = noticeShown(site.notice) ? site.notice : undefined;
  return {
    site,
    siteUrl,
    ...(fontExtra ? { fontExtra } : {}),
    ...(notice ? { notice } : {}),
    ...(nonce ? { nonce } : {}),
  };
}

/**
 * The root data is loaded again when a hydrated page leads from the console to a public page or
 * back: the console's carries no complex.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  isConsolePath(currentUrl.pathname) !== isConsolePath(nextUrl.pathname) || defaultShouldRevalidate;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export type { RouteHandle } from "~/lib/route-hydration";

/**
 * Whether React Router's scripts come with the page: only for routes whose handle says so (the
 * administrator's). Public pages are not hydrated; their behaviour is app/enhance, which
 * entry.server adds to every page (docs/decisions/014).
 */
function useHydratedRoute(): boolean {
  return wantsHydration(useMatches());
}

/**
 * A complex's own colours, as the design's custom properties (app/styles/base.css): its 대표 색
 * (단지 기본 정보) and, when it has them, its other colours.
 */
function themeStyle(site: Pick<Site, "identity" | "theme"> | undefined) {
  if (!site) return undefined;
  const { identity, theme } = site;
  return {
    "--navy": identity.color,
    ...(theme
      ? {
          "--navy-2": theme.primaryAlt,
          "--gold": theme.accent,
          "--gold-light": theme.accentLight,
          "--gold-text": theme.accentText,
        }
      : {}),
  } as React.CSSProperties;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrated = useHydratedRoute();
  const matches = useMatches();
  // Without a complex (the root loader failed), the error page comes without its header, footer
  // and popup; a console page never has them (its own frame: routes/admin/layout.tsx).
  const consolePage = isConsolePage(matches);
  const site = useOptionalSite();
  const chrome = consolePage ? undefined : site;
  const notice = useNotice();
  const nonce = useCspNonce();
  const tracking = allowsTracking(matches) ? pageTracking(site?.tracking) : null;
  const fontExtra = useFontExtra();
  return (
    <html
      lang="ko"
      style={themeStyle(chrome)}
      {...(tracking ? { [TRACKING_ATTR]: JSON.stringify(tracking) } : {})}
      {...(fontExtra ? { [FONT_EXTRA_ATTR]: JSON.stringify(fontExtra) } : {})}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={chrome?.identity.color ?? "#0f1f3d"} />
        <meta name="format-detection" content="telephone=no" />
        {site?.seo.naverSiteVerification ? (
          <meta name="naver-site-verification" content={site.seo.naverSiteVerification} />
        ) : null}
        <Meta />
        {hydrated ? (
          // The administrator's pages: the one font file, fetched beside the stylesheet and
          // declared by their script (app/enhance/main.ts).
          <link rel="preload" href={fontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        ) : (
          // A public page: the font from the first paint only when this visit has it already
          // (lib/web-font.ts, docs/decisions/025).
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: webFontHeadScript(fontUrl) }} />
        )}
        {/* Before the page is parsed: what must not wait for the script (app/inline). */}
        {chrome ? <FirstSecondsScript visit={!hydrated} /> : null}
        <Links />
        {routeStylesheets(matches).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          본문 바로가기
        </a>
        <div id="top" />
        {chrome ? <SiteHeader /> : null}
        {/* Public pages only (never hydrated): the administrator's pages do not carry it. */}
        {chrome && notice && !hydrated ? <NoticeBar notice={notice} /> : null}
        {/* A console page's frame puts its own <main> after the console's header. */}
        {consolePage ? (
          children
        ) : (
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        )}
        {chrome ? (
          <>
            <SiteFooter />
            <BottomBar />
            {/* React cannot hydrate a <template>'s content: on hydrated pages the triggers lead to /register. */}
            {hydrated ? null : <RegistrationPopupTemplate />}
            {/* After every number it swaps and every form it fills, the popup's template included. */}
            {hydrated ? null : <AfterChromeScript />}
          </>
        ) : null}
        {hydrated ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** Marks the document once React has taken over (browser tests wait for it), error pages included. */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useHydratedMark();
  // On a hydrated page a click may render a public page in the browser: its behaviour
  // (app/enhance) attaches to the new markup.
  const { key } = useLocation();
  useEffect(() => {
    document.dispatchEvent(new Event(RENDERED_EVENT));
  }, [key]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useHydratedMark();
  // Undefined when the root loader failed, or on a console page: then a plain Korean page without
  // the complex's phone.
  const consolePage = isConsolePage(useMatches());
  const loaded = useOptionalSite();
  const site = consolePage ? undefined : loaded;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A form whose body could not be read (app/http/form.server.ts requireForm): its own message.
  const unread =
    isRouteErrorResponse(error) &&
    (error.status === 400 || error.status === 413) &&
    typeof error.data === "string"
      ? error.data
      : null;
  if (!notFound && !unread && import.meta.env.DEV) console.error(error);
  const title = notFound
    ? "페이지를 찾을 수 없습니다"
    : unread
      ? "보낸 내용을 처리하지 못했습니다"
      : "일시적인 오류";
  const page = (
    <section className="error-page" aria-labelledby="error-heading">
      <title>{site ? documentTitle(site, title) : title}</title>
      <meta name="robots" content="noindex" />
      <p className="error-code" aria-hidden="true">
        {notFound ? "404" : "ERROR"}
      </p>
      <h1 id="error-heading">
        {notFound ? (
          <>
            페이지를 찾을 수 없습니다 <span className="nowrap">(Not Found)</span>
          </>
        ) : unread ? (
          title
        ) : (
          "일시적인 오류가 발생했습니다"
        )}
      </h1>
      <p>
        {notFound
          ? "주소가 바뀌었거나 없는 페이지입니다. 아래 버튼으로 첫 화면으로 이동해 주세요."
          : unread
            ? unread
            : site
              ? "잠시 후 다시 시도해 주세요. 급한 문의는 대표번호로 연락 주시면 바로 안내해 드립니다."
              : "잠시 후 다시 시도해 주세요."}
      </p>
      <p className="error-actions">
        <a href="/" className="btn btn-primary">
          홈으로
        </a>
        {site ? (
          <a {...phoneLink(site.identity.phone)} className="btn btn-outline">
            분양문의 {site.identity.phone}
          </a>
        ) : null}
      </p>
    </section>
  );
  return consolePage ? (
    <main id="main" tabIndex={-1}>
      {page}
    </main>
  ) : (
    page
  );
}
