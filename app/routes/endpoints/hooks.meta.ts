import type { Route } from "./+types/hooks.meta";
import { receiveMetaLeads, verifyMetaSubscription } from "~/leads/meta-hook.server";

/*
 * Meta lead ads for one complex (app/leads/meta-hook.server.ts): GET is Meta's subscription check
 * (hub.verify_token), POST a leadgen notification signed with the app's secret
 * (X-Hub-Signature-256), not a session. The server's same-origin check leaves /hooks/ alone.
 */

export function loader({ request, params }: Route.LoaderArgs) {
  return verifyMetaSubscription(new URL(request.url), params.siteId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return receiveMetaLeads(request, params.siteId);
}
