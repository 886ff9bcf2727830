import { data } from "react-router";
import type { Route } from "./+types/api.leads";
import { LEAD_KINDS, type LeadKind } from "~/leads/lead-form";
import { resultMessage, type LeadActionData, type LeadVariant } from "~/leads/lead-result";
import { leadAction } from "../public/lead-action.server";

/*
 * The lead forms' actions answering JSON, for the page's script (app/enhance/lead-form.ts), which
 * sends a form here instead of to its page so that the visitor stays on the page. The same
 * leadAction as the pages' actions (register.tsx, customer.tsx, home.tsx): the same rules,
 * limits, duplicate handling and messages; only the answer is JSON instead of a page.
 * `?kind=visit|inquiry&variant=popup|inquiry` names the form (any visitor can post either kind to
 * the pages' actions already, so nothing is opened here that was closed).
 */

const VARIANTS: readonly LeadVariant[] = ["popup", "inquiry"];
const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  const query = new URL(args.request.url).searchParams;
  const kind = query.get("kind") as LeadKind;
  const variant = query.get("variant") as LeadVariant;
  if (!LEAD_KINDS.includes(kind) || !VARIANTS.includes(variant)) {
    // No such form: the script still gets JSON it can show, with the catalogue's failure message.
    const unknown: LeadActionData = {
      ok: false,
      result: "failed",
      message: resultMessage(VARIANTS.includes(variant) ? variant : "popup", "failed"),
    };
    return Response.json(unknown, { status: 404, headers: HEADERS });
  }
  const answer = await leadAction(args, { kind, variant });
  const headers = new Headers(answer.init?.headers);
  for (const [name, value] of Object.entries(HEADERS)) headers.set(name, value);
  return Response.json(answer.data, { status: answer.init?.status ?? 200, headers });
}
