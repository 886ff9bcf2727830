/*
 * Outside leads (POST /hooks/leads/<complex id>, issue 30): ad platforms' lead forms and tools
 * (Zapier, Make, a platform's own webhook) send one lead as JSON, signed with the complex's
 * LEAD_HOOK_SECRET: `X-Signature: sha256=<hex HMAC-SHA256 of "<complex id>." + the raw body>`, or
 * with `X-Timestamp: <unix seconds>` of "<timestamp>.<complex id>." + the body, accepted within
 * five minutes of the server's clock. The signed content names the complex, so the same signed
 * bytes are accepted by one complex at most, whichever key they share (issue 38,
 * docs/decisions/038-crm.md). An unknown complex is answered
 * exactly as a bad signature (its HMAC computed with a dummy key). Every answer is JSON
 * (`{ ok: false, error, message }` for a refusal) and comes after the whole body has been read: a
 * sender whose connection is closed on unread bytes gets a reset instead of the answer
 * (server/body-limit.js afterBody). A lead is stored once per sender id (createExternalLead).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import { env, hasOwnSiteSetting, siteSetting, siteSettingVariable } from "~/env.server";
import { hit } from "~/http/rate-limit.server";
import { cleanAttribution } from "~/lib/attribution";
import { NO_STORE } from "~/lib/cache";
import { leadFormSchema } from "~/leads/lead-form";
import { SITE_ID } from "~/lib/sites";
import type { Site } from "~/content/schema";
import { allSites, siteById } from "~/sites/registry.server";
import { createExternalLead } from "./leads.server";

const SIGNATURE_HEADER = "X-Signature";
/** Optional: the unix time (seconds) the sender signed at, itself signed; opts into REPLAY_WINDOW_SECONDS. */
const TIMESTAMP_HEADER = "X-Timestamp";
/** How far a signed X-Timestamp may be from the server's clock, either way. */
const REPLAY_WINDOW_SECONDS = 5 * 60;
/** The largest body read (the server's own limit for this path, server/body-limit.js BODY_LIMIT). */
export const HOOK_BODY_MAX = 64 * 1024;
/** How long HOOK_RATE_LIMIT counts a complex's signed requests. */
const RATE_WINDOW_SECONDS = 60;
const SENDER_ID_MAX = 100;
const TEXT_MAX = 100;

export const HOOK_MESSAGES = {
  tooLarge: `보내신 내용이 너무 큽니다. 한 번에 ${HOOK_BODY_MAX / 1024}KB까지 받습니다.`,
  signatureMissing: `서명이 없습니다. ${SIGNATURE_HEADER}: sha256=<"<단지 id>." + 본문의 HMAC-SHA256, 16진수>를 보내 주세요.`,
  signatureInvalid:
    '서명이 맞지 않습니다. "<단지 id>." 뒤에 보내는 본문 그대로를 이은 것(X-Timestamp를 보내면 "<시각>.<단지 id>." 뒤에)을 단지의 외부 접수 키로 HMAC-SHA256 한 16진수여야 합니다.',
  timestampInvalid: `${TIMESTAMP_HEADER}는 유닉스 시각(1970-01-01 UTC부터의 초, 숫자만)으로 보내 주세요.`,
  timestampOutOfWindow: `${TIMESTAMP_HEADER}가 이 서버의 시각과 ${REPLAY_WINDOW_SECONDS / 60}분 넘게 다릅니다. 보내는 순간의 시각으로 다시 서명해 보내 주세요.`,
  tooMany: (seconds: number) => `요청이 너무 많습니다. ${seconds}초 뒤에 다시 보내 주세요.`,
  notJson: "본문이 JSON 객체가 아닙니다. Content-Type: application/json으로 객체를 보내 주세요.",
  senderId: `id(보내는 쪽의 접수 번호)는 1~${SENDER_ID_MAX}자의 문자열이나 숫자로 보내 주세요.`,
  privacyConsent: "개인정보 수집·이용 동의가 필요합니다",
  smsConsent: "smsConsent는 true 또는 false로 보내 주세요.",
  text: (field: string) =>
    `${field}는 ${TEXT_MAX}자 이내의 문자, 숫자, 띄어쓰기와 기호 _ . , : ; / | ( ) + ~ ! # % & = -로 보내 주세요.`,
  message: "message는 문자열로 보내 주세요.",
} as const;

// Control characters, zero-width and bidirectional controls: never in an id.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2066-\u2069\uFEFF]/;

/** Absent, null and "" are all "not given" for the optional fields. */
const given = (v: unknown) => (v === null || v === "" ? undefined : v);

/** A source or campaign: the leads' own campaign rules (app/lib/attribution.ts), else a message. */
const campaignText = (field: "source" | "campaign", key: "utm_source" | "utm_campaign") =>
  z.preprocess(
    given,
    z
      .string({ error: HOOK_MESSAGES.text(field) })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || !v.trim()) return null;
        const clean = cleanAttribution({ [key]: v })[key];
        if (clean) return clean;
        ctx.addIssue({ code: "custom", message: HOOK_MESSAGES.text(field) });
        return z.NEVER;
      }),
  );

const { name, phone, message } = leadFormSchema.shape;

/** The body a sender posts; each bad field gets its Korean message. */
const hookLeadSchema = z.object({
  id: z
    .union([z.string(), z.number()], { error: HOOK_MESSAGES.senderId })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, HOOK_MESSAGES.senderId)
        .max(SENDER_ID_MAX, HOOK_MESSAGES.senderId)
        .refine((v) => !CONTROL.test(v), HOOK_MESSAGES.senderId),
    ),
  name,
  // A number is read as its digits: "연락처를 정확히…" rather than "연락처를 입력해 주세요".
  phone: z.preprocess((v) => (typeof v === "number" ? String(v) : v), phone),
  privacyConsent: z.literal(true, { error: HOOK_MESSAGES.privacyConsent }),
  smsConsent: z.preprocess(given, z.boolean({ error: HOOK_MESSAGES.smsConsent }).default(false)),
  // The ad platform or tool, as the lead's utm_source: lower-case like the channel report's keys.
  source: campaignText("source", "utm_source").transform((v) => v?.toLowerCase() ?? null),
  campaign: campaignText("campaign", "utm_campaign"),
  message: z.preprocess(given, z.string({ error: HOOK_MESSAGES.message }).optional()).pipe(message),
});

/** Each bad field's first message, in the body's field order. */
function hookLeadErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "body");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * What a sender signs for the complex siteId: "<timestamp>.<complex id>." + body with X-Timestamp,
 * "<complex id>." + body without. A JSON body starts with "{", never with an id, so neither form
 * can be read as the other or as the body alone.
 */
function signedContent(siteId: string, body: Buffer, timestamp: string | null): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp ? `${timestamp}.` : ""}${siteId}.`), body]);
}

/** `sha256=<hex>` equal to the HMAC-SHA256 of content with secret, compared in constant time. */
function validSignature(header: string, content: Buffer, secret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  const expected = createHmac("sha256", secret).update(content).digest();
  return timingSafeEqual(m ? Buffer.from(m[1]!, "hex") : Buffer.alloc(32), expected) && m !== null;
}

// The key of a complex that does not exist or has none: its signatures are computed all the same,
// so that such an id costs the time, and gets the answer, of a bad signature.
const DUMMY_SECRET = randomBytes(32).toString("hex");
const warnedKeyless = new Set<string>();

/**
 * The complex's key, and whether the body alone may be signed with it (issue 30's first form):
 * only when the key is the complex's own (`LEAD_HOOK_SECRET__<ID>`) and no other complex, nor the
 * shared fallback, has the same, so that the key itself names the complex.
 */
function hookKey(site: Site | undefined): { secret: string; bodyAlone: boolean } | null {
  if (!site) return null;
  const siteId = site.id;
  const secret = siteSetting("LEAD_HOOK_SECRET", siteId);
  if (!secret) {
    // Told to the operator (once per complex and process), never to the sender: the answer is a
    // bad signature's, as for an id that does not exist.
    if (!warnedKeyless.has(siteId)) {
      warnedKeyless.add(siteId);
      const variable = siteSettingVariable("LEAD_HOOK_SECRET", siteId);
      console.warn(`[hook] ${siteId}: ${variable}가 설정되지 않아 외부 접수를 모두 거절합니다`);
    }
    return null;
  }
  const bodyAlone =
    hasOwnSiteSetting("LEAD_HOOK_SECRET", siteId) &&
    env().LEAD_HOOK_SECRET !== secret &&
    allSites().every((s) => s.id === siteId || siteSetting("LEAD_HOOK_SECRET", s.id) !== secret);
  return { secret, bodyAlone };
}

/** The whole body, or null when it is longer than max (read to its end all the same). */
export async function readBody(request: Request, max: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size <= max) chunks.push(value);
  }
  return size > max ? null : Buffer.concat(chunks);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, {
    status,
    headers: { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex", ...headers },
  });
}

const refusal = (status: number, error: string, message: string, extra: object = {}) =>
  json(status, { ok: false, error, message, ...extra });

/** Answers one sender's POST for the complex `siteId` (the path's), `ip` being the sender's address. */
export async function receiveLeadHook(
  request: Request,
  siteId: string,
  ip: string,
  now: Date = new Date(),
): Promise<Response> {
  const body = await readBody(request, HOOK_BODY_MAX);
  if (body === null) return refusal(413, "too_large", HOOK_MESSAGES.tooLarge);
  const header = request.headers.get(SIGNATURE_HEADER);
  if (!header) return refusal(401, "signature_missing", HOOK_MESSAGES.signatureMissing);
  const timestamp = request.headers.get(TIMESTAMP_HEADER)?.trim() || null;
  if (timestamp !== null && !/^[0-9]{1,12}$/.test(timestamp))
    return refusal(401, "timestamp_invalid", HOOK_MESSAGES.timestampInvalid);

  // An unknown complex, or one without a key, goes through the same two HMACs with a dummy key.
  const site = SITE_ID.test(siteId) ? siteById(siteId) : undefined;
  const key = hookKey(site);
  const secret = key?.secret ?? DUMMY_SECRET;
  const named = validSignature(header, signedContent(siteId, body, timestamp), secret);
  const alone = validSignature(header, body, secret);
  if (!site || !(named || (alone && timestamp === null && key?.bodyAlone)))
    return refusal(401, "signature_invalid", HOOK_MESSAGES.signatureInvalid);
  if (timestamp !== null) {
    const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
    if (!(skew <= REPLAY_WINDOW_SECONDS))
      return refusal(401, "timestamp_out_of_window", HOOK_MESSAGES.timestampOutOfWindow);
  }

  // Only signed requests count: nobody without the key can use up a complex's allowance.
  const limit = await hit(await getDb(), siteId, "hook", {
    limit: env().HOOK_RATE_LIMIT,
    windowSeconds: RATE_WINDOW_SECONDS,
    now,
  });
  if (!limit.allowed) {
    const seconds = limit.retryAfterSeconds;
    return json(
      429,
      { ok: false, error: "rate_limited", message: HOOK_MESSAGES.tooMany(seconds) },
      { "Retry-After": String(seconds) },
    );
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    return refusal(422, "invalid_json", HOOK_MESSAGES.notJson);
  const result = hookLeadSchema.safeParse(parsed);
  if (!result.success) {
    const errors = hookLeadErrors(result.error);
    const [field, message] = Object.entries(errors)[0]!;
    return refusal(422, "invalid_field", message, { field, errors });
  }

  const lead = result.data;
  const stored = await createExternalLead(
    site,
    {
      senderId: lead.id,
      name: lead.name,
      phone: lead.phone,
      smsConsent: lead.smsConsent,
      source: lead.source,
      campaign: lead.campaign,
      message: lead.message,
      ip,
      userAgent: request.headers.get("user-agent") ?? undefined,
    },
    now,
  );
  const duplicate = stored.status === "duplicate";
  return json(duplicate ? 200 : 201, {
    ok: true,
    id: stored.id,
    customerId: stored.customerId,
    duplicate,
  });
}
