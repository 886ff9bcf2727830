/*
 * Solapi's delivery reports (POST /hooks/solapi, docs/decisions/021-solapi.md): each names a
 * message by the id Solapi gave it when it accepted it (outbox.provider_message_id) and says how it
 * ended. Only a request carrying SOLAPI_WEBHOOK_SECRET in X-Solapi-Secret is read; a row's state
 * only moves forward, so a repeated report, or a late one of an earlier state, changes nothing.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import { env } from "~/env.server";
import type { DeliveryState } from "~/crm/lead-desk";

const SOLAPI_SECRET_HEADER = "X-Solapi-Secret";

/** True when the request carries the configured secret; without one configured, never. */
function hasSolapiSecret(request: Request): boolean {
  const expected = env().SOLAPI_WEBHOOK_SECRET;
  const given = request.headers.get(SOLAPI_SECRET_HEADER);
  if (!expected || given === null) return false;
  // Equal-length digests: the comparison takes the same time whatever was sent.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** One report; the fields we read, whatever else it carries. */
const reportSchema = z.object({
  messageId: z.string().min(1).max(100),
  statusCode: z.union([z.string(), z.number()]).transform(String),
  type: z.string().max(20).optional(),
});
type SolapiReport = z.infer<typeof reportSchema>;

/** The reports in a body: an array, an object holding one, or a single report. */
function reportsIn(body: unknown): SolapiReport[] {
  const holder = body as Record<string, unknown> | null;
  const list = Array.isArray(body)
    ? body
    : (["data", "messages", "messageList", "reports"]
        .map((k) => holder?.[k])
        .find(Array.isArray) ?? [body]);
  return (list as unknown[]).flatMap((item) => {
    const parsed = reportSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Solapi's codes while a message is on its way: 2000 (accepted), 3000 (with the carrier). */
const IN_PROGRESS = /^(2[0-9]{3}|3000)$/;
const DELIVERED = "4000";
const TEXT_TYPES = new Set(["SMS", "LMS", "MMS"]);

/** What a report means for a message sent as sentType (ATA, SMS, LMS). */
function stateOf(report: SolapiReport, sentType: string | null): DeliveryState {
  if (IN_PROGRESS.test(report.statusCode)) return "accepted";
  if (report.statusCode !== DELIVERED) return "failed";
  return sentType === "ATA" && TEXT_TYPES.has((report.type ?? "").toUpperCase())
    ? "substituted"
    : "delivered";
}

/** How far a state is: a report moves a row only to a later one (a substitution after a failure). */
const RANK_SQL = `CASE COALESCE(delivery_state, '')
  WHEN 'accepted' THEN 1 WHEN 'failed' THEN 2 WHEN 'delivered' THEN 3 WHEN 'substituted' THEN 3
  ELSE 0 END`;
const RANK: Record<DeliveryState, number> = {
  accepted: 1,
  failed: 2,
  delivered: 3,
  substituted: 3,
};

/** Applies the reports; answers how many changed a row (unknown ids are ignored). */
async function applySolapiReports(
  reports: readonly SolapiReport[],
  now = new Date(),
): Promise<{ received: number; applied: number }> {
  const db = await getDb();
  let applied = 0;
  for (const report of reports) {
    const row = await db.get<{ id: string; message_type: string | null }>(
      "SELECT id, message_type FROM outbox WHERE provider_message_id = $1",
      [report.messageId],
    );
    if (!row) continue;
    const state = stateOf(report, row.message_type);
    const changed = await db.get<{ id: string }>(
      `UPDATE outbox SET delivery_state = $2, delivery_code = $3, delivery_reported_at = $4
       WHERE id = $1 AND ${RANK_SQL} < $5
       RETURNING id`,
      [row.id, state, report.statusCode, now.toISOString(), RANK[state]],
    );
    if (changed) applied++;
  }
  return { received: reports.length, applied };
}

const JSON_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
};

/** The hook's answer: 403 without the secret (nothing read), else the reports applied and 200. */
export async function receiveSolapiReports(request: Request): Promise<Response> {
  if (!hasSolapiSecret(request))
    return new Response(JSON.stringify({ ok: false }), { status: 403, headers: JSON_HEADERS });
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return new Response(JSON.stringify({ ok: false, error: "JSON이 아닙니다" }), {
      status: 400,
      headers: JSON_HEADERS,
    });
  }
  const result = await applySolapiReports(reportsIn(body));
  return new Response(JSON.stringify({ ok: true, ...result }), { headers: JSON_HEADERS });
}
