import { data } from "react-router";
import type { Route } from "./+types/hooks.solapi";
import { receiveSolapiReports } from "~/outbox/solapi-reports.server";

/*
 * Solapi's delivery reports (app/outbox/solapi-reports.server.ts): a JSON POST from Solapi's
 * servers, authenticated by the X-Solapi-Secret header, not by a session. It carries no Origin, so
 * the server's same-origin guard lets it through; the general body limit (64 KB) applies.
 */

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  return receiveSolapiReports(request);
}
