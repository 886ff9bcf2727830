/*
 * A local stand-in for Meta's Graph API in the Meta lead ads tests (app/leads/meta-leads.server.ts):
 * a real HTTP server on 127.0.0.1 (app/outbox/test-receiver.ts) that answers
 * `GET /<version>/<leadgen_id>?access_token=…&fields=…` with the lead given to it, and
 * `GET /<version>/<form_id>?fields=name,questions` with the form's questions, for the one Page
 * token it knows (another gets Graph's OAuthException, 400). `fail(500)` makes it answer like Graph
 * having an outage, `down()` refuses connections, `fail(null)` / `up()` bring it back. Beside it, what
 * the tests send and the stand-in answers: a Korean form, its lead, Meta's signed notification.
 */
import { createHmac } from "node:crypto";
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

/** A Korean lead form as Graph answers it: name, phone, a custom question and the consent question. */
export const sampleMetaForm = (id: string): StandInForm => ({
  id,
  name: "안양 관심고객 양식",
  questions: [
    { key: "full_name", label: "이름", type: "FULL_NAME" },
    { key: "phone_number", label: "연락처", type: "PHONE" },
    { key: "관심_평형", label: "관심 평형", type: "CUSTOM" },
    { key: "개인정보_동의", label: "개인정보 수집·이용에 동의하십니까?", type: "CUSTOM" },
  ],
});

/** A lead of sampleMetaForm as Graph answers it, with `answers` over the sample's. */
export const sampleGraphLead = (
  id: string,
  formId: string,
  answers: Record<string, string> = {},
): GraphLead => ({
  id,
  created_time: "2026-03-02T01:15:00+0000",
  form_id: formId,
  ad_name: "84A 오픈 광고",
  campaign_name: "안양 봄 분양",
  field_data: Object.entries({
    full_name: "박메타",
    phone_number: "+821055556666",
    관심_평형: "84A",
    개인정보_동의: "동의합니다",
    ...answers,
  }).map(([name, value]) => ({ name, values: [value] })),
});

/** Meta's leadgen notification naming these leads of the form, as Meta posts it. */
export const leadgenNotification = (formId: string, ...leadgenIds: string[]) =>
  JSON.stringify({
    object: "page",
    entry: [
      {
        id: "112233445566",
        time: 1772414100,
        changes: leadgenIds.map((id) => ({
          field: "leadgen",
          value: {
            leadgen_id: id,
            page_id: "112233445566",
            form_id: formId,
            adgroup_id: "990001",
            ad_id: "990001",
            created_time: 1772414100,
          },
        })),
      },
    ],
  });

/** The X-Hub-Signature-256 Meta sends with `body`, signed with the app's secret. */
export const hubSignature = (body: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
