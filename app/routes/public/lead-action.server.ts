/*
 * The action behind the lead forms (register.tsx and home.tsx: visits; customer.tsx: inquiries;
 * api.leads.ts: either, answered as JSON to the page's script). It validates
 * with the shared rules, hands the lead to the leads service and answers with the catalogue's
 * message. The visitor never sees a stack trace: unexpected errors are logged and answered 500.
 */
import { data } from "react-router";
import type { Site } from "~/content/schema";
import { isSitePath } from "~/content/pages";
import { ATTRIBUTION_FIELDS } from "~/lib/attribution";
import { SHOWN_PHONE_FIELD } from "~/lib/before-script";
import {
  HONEYPOT_FIELD,
  MESSAGE_MAX,
  NAME_MAX,
  parseLeadForm,
  type LeadKind,
} from "~/leads/lead-form";
import {
  formatSlot,
  slotKeyOf,
  slotUnavailableMessage,
  splitSlotKey,
} from "~/bookings/visit-slots";
import { createLead } from "~/leads/leads.server";
import { clientIp } from "~/http/client-ip.server";
import {
  resultMessage,
  type LeadActionData,
  type LeadValues,
  type LeadVariant,
} from "~/leads/lead-result";
import { siteOf } from "~/sites/registry.server";

/** A lead form is a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The longest value of each field that is echoed back into a refused form. Twice the field's limit
 * for the text fields, so a name or message a little too long comes back whole beside its message
 * for the visitor to shorten; a phone number needs 30 ("+82 (0)10-1234-5678" is 19), a date 10, a
 * time 5. A 60,000-character name is refused with its message but never sent back into the page.
 */
export const ECHO_MAX = {
  name: NAME_MAX * 2,
  phone: 30,
  message: MESSAGE_MAX * 2,
  visitDate: 10,
  visitTime: 5,
} as const;

/** The first `max` characters of a value, never half of a surrogate pair. */
function clip(value: string | undefined, max: number): string {
  const cut = (value ?? "").slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** What a refused form shows again: the visitor's input, each field clipped to ECHO_MAX. */
function echoValues(raw: Record<string, string | undefined>): LeadValues {
  return {
    name: clip(raw.name, ECHO_MAX.name),
    phone: clip(raw.phone, ECHO_MAX.phone),
    message: clip(raw.message, ECHO_MAX.message),
    privacyConsent: raw.privacyConsent === "on",
    smsConsent: raw.smsConsent === "on",
    visitDate: clip(raw.visitDate, ECHO_MAX.visitDate),
    visitTime: clip(raw.visitTime, ECHO_MAX.visitTime),
  };
}

function text(form: FormData, key: string): string | undefined {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
}

/** A path of the complex's site, optionally with a form's anchor ("/#interestForm"). */
function isSiteSource(site: Site, value: string): boolean {
  const [path = "", anchor, ...more] = value.split("#");
  if (more.length || !isSitePath(site, path)) return false;
  return anchor === undefined || /^[A-Za-z][A-Za-z0-9_-]{0,40}$/.test(anchor);
}

export async function leadAction(
  { request, context }: { request: Request; context?: { ip?: string } },
  { kind, variant }: { kind: LeadKind; variant: LeadVariant },
) {
  const failed = (status: number, values?: LeadValues) =>
    data<LeadActionData>(
      { ok: false, result: "failed", message: resultMessage(variant, "failed"), values },
      { status, headers: NO_STORE },
    );

  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return failed(413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed(400);
  }

  const raw: Record<string, string> = {};
  let chars = 0;
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    raw[key] = value;
    chars += key.length + value.length;
  }
  const values = echoValues(raw);
  // The server caps bodies (server/body-limit.js); this is for a body that came without that cap.
  if (chars > MAX_BODY_BYTES) return failed(413, values);

  // Only visit forms offer a slot; on an inquiry form such fields are not the visitor's doing.
  const slot = kind === "visit" ? {} : { visitDate: "", visitTime: "" };
  const parsed = parseLeadForm({ ...raw, ...slot, kind });
  if (!parsed.ok) {
    return data<LeadActionData>(
      { ok: false, result: "invalid", errors: parsed.errors, values },
      { status: 400, headers: NO_STORE },
    );
  }

  // The browser measures how long the form was open (its clock may differ from ours).
  const fillMs = Number(text(form, "fillMs"));
  const startedAt =
    text(form, "fillMs") && Number.isFinite(fillMs) && fillMs >= 0
      ? Date.now() - fillMs
      : undefined;
  // The page the form was on (with the form's anchor, e.g. "/#interestForm"), if it is one of ours;
  // else the page that took the post.
  const url = new URL(request.url);
  const site = siteOf(request);
  const page = text(form, "source");
  const source = page && isSiteSource(site, page) ? page : url.pathname.slice(0, 300);
  const attribution: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = text(form, field);
    if (value !== undefined) attribution[field] = value;
  }

  try {
    const result = await createLead(site, parsed.data, {
      ip: clientIp(request, context),
      userAgent: request.headers.get("user-agent") ?? undefined,
      idempotencyKey: text(form, "idempotencyKey") || undefined,
      source,
      startedAt,
      // Every copy of the honeypot field counts: a bot may send it twice with the first one empty.
      honeypot: form.getAll(HONEYPOT_FIELD).filter((v): v is string => typeof v === "string"),
      attribution,
      shownPhone: text(form, SHOWN_PHONE_FIELD),
    });
    if (result.status === "slot_unavailable") {
      const next = result.next ? splitSlotKey(result.next) : null;
      return data<LeadActionData>(
        {
          ok: false,
          result: "invalid",
          errors: {
            visitSlot: slotUnavailableMessage(
              result.problem,
              result.slot,
              result.next,
              site.modelHouse.visits.bookableDays,
            ),
          },
          values: { ...values, visitDate: next?.date ?? "", visitTime: next?.time ?? "" },
        },
        { status: 409, headers: NO_STORE },
      );
    }
    if (result.status === "rate_limited") {
      return data<LeadActionData>(
        {
          ok: false,
          result: "rateLimited",
          message: resultMessage(variant, "rateLimited"),
          values,
        },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    const visit = "visitAt" in result && result.visitAt ? result.visitAt : null;
    return data<LeadActionData>(
      {
        ok: true,
        result: "success",
        message: resultMessage(variant, "success"),
        ...(visit ? { visit: formatSlot(slotKeyOf(new Date(visit))) } : {}),
        ...(result.status === "created"
          ? { conversion: { id: result.id, booked: result.visitAt !== null } }
          : {}),
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    console.error(`lead ${kind} from ${source} could not be stored:`, error);
    return failed(500, values);
  }
}

/** Passes the action's Retry-After and Cache-Control on to the page answered for a POST. */
export function leadHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const name of ["Retry-After", "Cache-Control"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
