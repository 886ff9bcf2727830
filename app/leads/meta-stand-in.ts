/*
 * A local stand-in for Meta's Graph API in the Meta lead ads tests (app/leads/meta-leads.server.ts):
 * a real HTTP server on 127.0.0.1 (app/outbox/test-receiver.ts) that answers
 * `GET /<version>/<leadgen_id>?access_token=…&fields=…` with the lead given to it, and
 * `GET /<version>/<form_id>?fields=name,questions` with the form's questions, for the one Page
 * token it knows (another gets Graph's OAuthException, 400). `fail(500)` makes it answer like Graph
 * having an outage, `down()` refuses connections, `fail(null)` / `up()` bring it back.
 */
import { startReceiver } from "~/outbox/test-receiver";
import type { GraphLead, MetaQuestion } from "./meta-mapping";

type StandInForm = { id: string; name: string; questions: MetaQuestion[] };

const graphError = (status: number, message: string, code: number) => ({
  status,
  body: { error: { message, type: "OAuthException", code, fbtrace_id: "StandIn" } },
});

/** Starts the stand-in for the Page token `token`, with these leads and forms. */
export async function startMetaStandIn(options: {
  token: string;
  leads?: GraphLead[];
  forms?: StandInForm[];
}) {
  const leads = new Map((options.leads ?? []).map((l) => [l.id, l]));
  const forms = new Map((options.forms ?? []).map((f) => [f.id, f]));
  let failing: number | null = null;
  const server = await startReceiver(200, (request) => {
    if (failing !== null)
      return graphError(failing, "An unexpected error has occurred. Please retry.", 2);
    const url = new URL(request.path, "http://stand-in");
    const m = /^\/v[0-9]+\.[0-9]+\/([0-9]+)$/.exec(url.pathname);
    if (request.method !== "GET" || !m) return graphError(400, "Unknown path components", 2500);
    if (url.searchParams.get("access_token") !== options.token)
      return graphError(400, "Invalid OAuth access token - Cannot parse access token", 190);
    const fields = (url.searchParams.get("fields") ?? "").split(",");
    const lead = leads.get(m[1]!);
    if (lead)
      return {
        status: 200,
        body: Object.fromEntries(
          Object.entries(lead).filter(([k]) => k === "id" || fields.includes(k)),
        ),
      };
    const form = forms.get(m[1]!);
    if (form)
      return {
        status: 200,
        body: {
          id: form.id,
          ...(fields.includes("name") ? { name: form.name } : {}),
          ...(fields.includes("questions")
            ? { questions: form.questions.map((q, i) => ({ ...q, id: String(i + 1) })) }
            : {}),
        },
      };
    return graphError(400, `Unsupported get request. Object with ID '${m[1]}' does not exist`, 100);
  });
  return {
    ...server,
    /** The Graph address (META_GRAPH_URL) this stand-in answers on. */
    graphUrl: server.url("").replace(/\/$/, ""),
    /** Adds a lead it answers (Meta's lead, submitted after the stand-in started). */
    addLead(lead: GraphLead) {
      leads.set(lead.id, lead);
    },
    /** Answers every request with this status (a Graph outage), or normally again with null. */
    fail(status: number | null) {
      failing = status;
    },
  };
}
