/*
 * Meta lead ads' webhook for one complex (GET/POST /hooks/meta/<id>; issue 42, item 1), set up in
 * the Meta app's Webhooks product (object Page, field leadgen) with this address and the complex's
 * META_VERIFY_TOKEN__<ID>:
 *   - GET, Meta's subscription check: hub.mode=subscribe with hub.verify_token equal to the
 *     complex's token is answered with hub.challenge as text; anything else 403.
 *   - POST, a leadgen change: signed by Meta with the app's secret (`X-Hub-Signature-256:
 *     sha256=<hex HMAC-SHA256 of the raw body>`, META_APP_SECRET__<ID>); 401 and nothing stored
 *     otherwise. Each entry[].changes[] of field leadgen names a lead (value.leadgen_id, form_id,
 *     page_id, ad_id, created_time); each is queued to be read from the Graph API
 *     (meta-leads.server.ts) and the answer, 200, comes at once: Meta retries a slow answer.
 * A complex that does not exist, or has no token and secret, is answered 404.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { siteSetting } from "~/env.server";
import { NO_STORE } from "~/lib/cache";
import { SITE_ID } from "~/lib/sites";
import { siteById } from "~/sites/registry.server";
import { HOOK_BODY_MAX, readBody } from "./lead-hook.server";
import { queueMetaLeads } from "./meta-leads.server";

const SIGNATURE_HEADER = "X-Hub-Signature-256";
/** A Graph id: digits (Meta's ids are numeric strings; some senders write them as numbers). */
const GRAPH_ID = /^[0-9]{1,30}$/;

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex",
    },
  });

/** The complex's Meta settings, or null when it does not exist or has neither. */
function metaSettings(siteId: string) {
  const site = SITE_ID.test(siteId) ? siteById(siteId) : undefined;
  if (!site) return null;
  const verifyToken = siteSetting("META_VERIFY_TOKEN", site.id);
  const appSecret = siteSetting("META_APP_SECRET", site.id);
  if (!verifyToken && !appSecret) return null;
  return { site, verifyToken, appSecret };
}

/** a equal to b, in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const x = createHmac("sha256", "compare").update(a).digest();
  const y = createHmac("sha256", "compare").update(b).digest();
  return timingSafeEqual(x, y);
}

/** Meta's subscription check (GET). */
export function verifyMetaSubscription(url: URL, siteId: string): Response {
  const settings = metaSettings(siteId);
  if (!settings) return text(404, "이 단지에는 Meta 리드 광고가 설정되어 있지 않습니다.");
  const mode = url.searchParams.get("hub.mode");
  const token = url.searchParams.get("hub.verify_token") ?? "";
  const challenge = url.searchParams.get("hub.challenge") ?? "";
  if (mode !== "subscribe" || !settings.verifyToken || !sameText(token, settings.verifyToken))
    return text(403, "확인 토큰이 맞지 않습니다.");
  return text(200, challenge);
}

/** `sha256=<hex>` equal to the HMAC-SHA256 of body with secret, compared in constant time. */
function signedByMeta(header: string | null, body: Buffer, secret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec((header ?? "").trim());
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(m ? Buffer.from(m[1]!, "hex") : Buffer.alloc(32), expected) && m !== null;
}

type LeadgenChange = { field?: unknown; value?: Record<string, unknown> };

/** The leads a leadgen notification names, each once. */
function namedLeads(payload: unknown): { leadgenId: string; formId: string | null }[] {
  const out = new Map<string, string | null>();
  const entries = (payload as { entry?: unknown } | null)?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    for (const change of (Array.isArray(changes) ? changes : []) as LeadgenChange[]) {
      if (change?.field !== "leadgen" || !change.value) continue;
      const id = String(change.value.leadgen_id ?? "");
      const form = String(change.value.form_id ?? "");
      if (GRAPH_ID.test(id) && !out.has(id)) out.set(id, GRAPH_ID.test(form) ? form : null);
    }
  }
  return [...out].map(([leadgenId, formId]) => ({ leadgenId, formId }));
}

/** A leadgen notification (POST): checked, its leads queued, answered at once. */
export async function receiveMetaLeads(
  request: Request,
  siteId: string,
  now = new Date(),
): Promise<Response> {
  const body = await readBody(request, HOOK_BODY_MAX);
  const settings = metaSettings(siteId);
  if (!settings) return text(404, "이 단지에는 Meta 리드 광고가 설정되어 있지 않습니다.");
  if (body === null) return text(413, "보내신 내용이 너무 큽니다.");
  const { appSecret } = settings;
  if (!appSecret || !signedByMeta(request.headers.get(SIGNATURE_HEADER), body, appSecret))
    return text(401, "서명이 맞지 않습니다.");
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString("utf8"));
  } catch {
    return text(400, "본문이 JSON이 아닙니다.");
  }
  const leads = namedLeads(payload);
  if (leads.length) await queueMetaLeads(settings.site.id, leads, now);
  return text(200, "EVENT_RECEIVED");
}
