// The press and administrator styles load only with these pages (not on every marketing page).
import type { RouteHandle } from "~/root";
import "~/styles/press.css";
import "~/styles/admin.css";
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { ConsoleHeader } from "~/components/admin/console-header";
import { areasOn } from "~/auth/access.server";
import type { Area } from "~/lib/roles";
import { adminHeaders } from "~/lib/admin-page";
import { consoleComplexes, requireConsoleFrame } from "~/console/console-site.server";

/** The administrator's pages are hydrated by React Router (docs/decisions/014), in the console's frame. */
export const handle: RouteHandle = { hydrate: true, console: true };

/**
 * Frame of the signed-in administrator pages (issue 39, item 6): the console's header (the
 * complex worked on, `?site=<id>` or the host's, with a switcher of the account's complexes; the
 * account and sign-out), then the menu of the desks the account's role opens on that complex, each
 * link keeping it. A complex's own page (/admin/sites/<id>) works on that complex.
 */

export const headers = adminHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { admin, hostSite, current, query } = await requireConsoleFrame(request, params.siteId);
  return {
    email: admin.email,
    areas: areasOn(admin, current.id),
    hostSite,
    current,
    query,
    complexes: consoleComplexes(admin).map(({ id, name, host }) => ({ id, name, host })),
  };
}

const LINKS: { to: string; label: string; end: boolean; area: Area | null }[] = [
  { to: "/admin", label: "관리자 홈", end: true, area: null },
  { to: "/admin/press", label: "보도자료 관리", end: false, area: "press" },
  { to: "/admin/leads", label: "상담 접수 관리", end: false, area: "leads" },
  { to: "/admin/channels", label: "채널 성과", end: false, area: "channels" },
  { to: "/admin/operations", label: "운영 정보", end: false, area: "content" },
  { to: "/admin/content", label: "콘텐츠 편집", end: false, area: "content" },
  { to: "/admin/sites", label: "단지 관리", end: false, area: "complexes" },
  { to: "/admin/accounts", label: "계정 관리", end: false, area: "accounts" },
];

export default function AdminLayout({ loaderData: d }: Route.ComponentProps) {
  const links = LINKS.filter((l) => !l.area || d.areas.includes(l.area)).map((l) => ({
    ...l,
    to: l.to + d.query,
  }));
  return (
    <div className="admin-shell">
      <ConsoleHeader
        home={`/admin${d.query}`}
        current={d.current}
        complexes={d.complexes}
        hostSite={d.hostSite}
        email={d.email}
        links={links}
      />
      <main id="main" tabIndex={-1} className="admin-page">
        {/* Another complex is another page: its forms start anew, not with the last one's values. */}
        <Outlet key={d.current.id} />
      </main>
    </div>
  );
}
