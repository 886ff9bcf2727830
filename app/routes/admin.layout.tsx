// The press and administrator styles load only with these pages (not on every marketing page).
import type { RouteHandle } from "~/root";
import "~/styles/press.css";
import "~/styles/admin.css";
import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/admin.layout";
import { AdminWelcome } from "~/components/admin/sign-in-form";
import { areasOn } from "~/auth/access.server";
import { requireAdmin } from "~/auth/guards.server";
import type { Area } from "~/lib/roles";
import { adminHeaders } from "~/lib/admin-page";
import { requestSiteId } from "~/sites/request-site.server";

/** The administrator's pages are hydrated by React Router (docs/decisions/014). */
export const handle: RouteHandle = { hydrate: true };

/**
 * Frame of the signed-in administrator pages: the menu of the desks the account's role opens on this
 * complex, who is signed in, sign-out.
 */

export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireAdmin(request, siteId);
  return { email: admin.email, areas: areasOn(admin, siteId) };
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

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-shell">
      <div className="admin-page">
        <div className="admin-top">
          <nav className="admin-nav" aria-label="관리자 메뉴">
            <ul>
              {LINKS.filter((l) => !l.area || loaderData.areas.includes(l.area)).map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AdminWelcome email={loaderData.email} redirectTo="/admin/login?signedOut=1" />
        </div>
        <Outlet />
      </div>
    </div>
  );
}
