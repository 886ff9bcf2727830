import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySession } from "~/auth/session.server";
import { isSameOrigin, refuseOtherSitesAdmin } from "~/auth/guards.server";
import { adminHeaders } from "~/lib/admin-page";
import { AUTH_MESSAGES, safeRedirect } from "~/lib/auth";
import { requireForm } from "~/http/form.server";
import { requestSiteId } from "~/sites/request-site.server";

/** POST /admin/logout: deletes the session row and the cookie. A GET only goes to /admin. */

export async function loader({ request }: Route.LoaderArgs) {
  await refuseOtherSitesAdmin(request, requestSiteId(request));
  return redirect("/admin", { headers: adminHeaders() });
}

export async function action({ request }: Route.ActionArgs) {
  if (!isSameOrigin(request)) {
    return new Response(AUTH_MESSAGES.crossSite, {
      status: 403,
      headers: { ...adminHeaders(), "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  await refuseOtherSitesAdmin(request, requestSiteId(request));
  const form = await requireForm(request, 16 * 1024);
  const setCookie = await destroySession(request);
  const to = safeRedirect(form.get("redirectTo"), "/admin/login?signedOut=1");
  return redirect(to, { headers: { ...adminHeaders(), "Set-Cookie": setCookie } });
}
