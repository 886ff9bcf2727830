/*
 * The action behind the lead forms (register.tsx: visits; customer.tsx: inquiries). It validates
 * with the shared rules, hands the lead to the leads service and answers with the catalogue's
 * message. The visitor never sees a stack trace: unexpected errors are logged and answered 500.
 */
import { data } from "react-router";
import { parseLeadForm, HONEYPOT_FIELD, type LeadKind } from "~/lib/lead-form";
import { createLead } from "~/leads/leads.server";
import {
  resultMessage,
  type LeadActionData,
  type LeadValues,
  type LeadVariant,
} from "~/components/forms/lead-form";

declare module "react-router" {
  interface AppLoadContext {
    /** Client address as the Express server sees it (`req.ip`, honouring `trust proxy`). */
    ip?: string;
  }
}

/** A lead form is a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;
const NO_STORE = { "Cache-Control": "no-store" };

function text(form: FormData, key: string): string | undefined {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
}

/** Request's client address: the Express server's `req.ip`, else the first X-Forwarded-For hop. */
export function clientIp(request: Request, context: { ip?: string } | undefined): string {
  if (context?.ip) return context.ip;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || "unknown";
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
  for (const [key, value] of form) if (typeof value === "string") raw[key] = value;
  const values: LeadValues = {
    name: raw.name ?? "",
    phone: raw.phone ?? "",
    message: raw.message ?? "",
    privacyConsent: raw.privacyConsent === "on",
    smsConsent: raw.smsConsent === "on",
  };

  const parsed = parseLeadForm({ ...raw, kind });
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
  const url = new URL(request.url);
  const source = (text(form, "source") || url.pathname).slice(0, 300);

  try {
    const result = await createLead(parsed.data, {
      ip: clientIp(request, context),
      userAgent: request.headers.get("user-agent") ?? undefined,
      idempotencyKey: text(form, "idempotencyKey") || undefined,
      source,
      startedAt,
      honeypot: text(form, HONEYPOT_FIELD),
    });
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
    return data<LeadActionData>(
      { ok: true, result: "success", message: resultMessage(variant, "success") },
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
