// The press and administrator styles load only with these pages (not on every marketing page).
import type { RouteHandle } from "~/root";
import { ConsoleMinimalHeader } from "~/components/admin/console-header";
import "~/styles/press.css";
import "~/styles/admin.css";
import { data, redirect } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import type { Route } from "./+types/login";
import { SignInForm } from "~/components/admin/sign-in-form";
import { getAdmin, refuseCrossSite, refuseOtherSitesAdmin } from "~/auth/guards.server";
import { signIn } from "~/auth/sign-in.server";
import { requestSiteId } from "~/sites/request-site.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { AUTH_MESSAGES, safeRedirect } from "~/lib/auth";
import { requireForm } from "~/http/form.server";
import { clientIp } from "~/http/client-ip.server";

/** The administrator's pages are hydrated by React Router (docs/decisions/014). */
export const handle: RouteHandle = { hydrate: true, console: true };

/** /admin/login: the sign-in page every administrator page sends a signed-out request to. */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "로그인");
export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  await refuseOtherSitesAdmin(request, siteId);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/admin");
  if (await getAdmin(request, siteId)) throw redirect(redirectTo, { headers: adminHeaders() });
  return data(
    { redirectTo, signedOut: url.searchParams.has("signedOut") },
    { headers: adminHeaders() },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const siteId = requestSiteId(request);
  await refuseOtherSitesAdmin(request, siteId);
  const form = await requireForm(request, 16 * 1024);
  const result = await signIn(
    siteId,
    { email: form.get("email"), password: form.get("password") },
    { ip: clientIp(request, context), userAgent: request.headers.get("user-agent") ?? undefined },
  );
  if (result.ok) {
    return redirect(safeRedirect(form.get("redirectTo"), "/admin"), {
      headers: { ...adminHeaders(), "Set-Cookie": result.setCookie },
    });
  }
  const email = form.get("email");
  return data(
    {
      ok: false as const,
      formError: result.message,
      email: typeof email === "string" ? email : "",
    },
    { status: result.status, headers: adminHeaders() },
  );
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="admin-shell">
      <ConsoleMinimalHeader />
      <main id="main" tabIndex={-1} className="admin-page admin-narrow">
        <FormMessage tone="ok">
          {loaderData.signedOut && !actionData ? AUTH_MESSAGES.signedOut : null}
        </FormMessage>
        <SignInForm
          action="/admin/login"
          redirectTo={loaderData.redirectTo}
          error={actionData?.formError}
          email={actionData && "email" in actionData ? actionData.email : ""}
          title="관리자 로그인"
        />
      </main>
    </div>
  );
}
