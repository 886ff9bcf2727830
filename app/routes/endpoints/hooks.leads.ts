import { data } from "react-router";
import type { Route } from "./+types/hooks.leads";
import { clientIp } from "~/http/client-ip.server";
import { receiveLeadHook } from "~/leads/lead-hook.server";

/*
 * Outside leads for one complex (app/leads/lead-hook.server.ts): a JSON POST from an ad platform
 * or a tool, authenticated by its X-Signature (HMAC of "<complex id>." + the body, or with an
 * X-Timestamp of "<timestamp>.<complex id>." + the body, with the complex's LEAD_HOOK_SECRET), not
 * by a session. The server's same-origin check leaves /hooks/ alone and
 * answers its refusals (413, 405) as JSON (server/guards.js, server/error-page.js).
 */

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return receiveLeadHook(request, params.siteId, clientIp(request, context));
}
