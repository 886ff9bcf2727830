import { resultMessage, type LeadActionData, type LeadVariant } from "~/leads/lead-result";

/*
 * A lead form sent without leaving the page (../lead-form.ts): to the action's JSON twin
 * (app/routes/endpoints/api.leads.ts), with an idempotency key per form display; its answer read so
 * that anything but the action's own (a proxy's 502 page, a body cut short) is a failure, never a
 * success, and a sending without an answer is a lost connection.
 */

/** A sending that has had no answer by then is treated as a lost connection (a resend is safe). */
const SEND_TIMEOUT_MS = 30_000;

/** A random key for one form display; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const OUTCOMES = new Set(["success", "failed", "rateLimited", "network", "invalid"]);

/**
 * The action's answer from a response's content type and body, or the failure message for
 * anything else (a proxy's error page, a truncated body): never a success that was not one.
 */
export function toAnswer(
  contentType: string | null,
  body: string,
  variant: LeadVariant,
): LeadActionData {
  const failed: LeadActionData = {
    ok: false,
    result: "failed",
    message: resultMessage(variant, "failed"),
  };
  if (!contentType?.toLowerCase().includes("application/json")) return failed;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return failed;
  }
  if (!data || typeof data !== "object") return failed;
  const answer = data as Partial<LeadActionData>;
  if (typeof answer.result !== "string" || !OUTCOMES.has(answer.result)) return failed;
  if (answer.result === "success" && answer.ok !== true) return failed;
  if (answer.result === "invalid") {
    const errors = (answer as { errors?: unknown }).errors;
    if (!errors || typeof errors !== "object" || Object.keys(errors).length === 0) return failed;
  }
  return answer as LeadActionData;
}

/** The form's fields as the server reads them (text values only). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  return values;
}

const offline = () => navigator.onLine === false;

function network(variant: LeadVariant): LeadActionData {
  return { ok: false, result: "network", message: resultMessage(variant, "network") };
}

/** Sends the form to the action's JSON twin; a request that got no answer is the network message. */
export async function post(form: HTMLFormElement, variant: LeadVariant): Promise<LeadActionData> {
  if (offline()) return network(variant);
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(formValues(form))) body.append(key, value);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(form.dataset.jsonAction ?? form.action, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-store",
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return network(variant);
  }
  try {
    const text = await res.text();
    return toAnswer(res.headers.get("content-type"), text, variant);
  } catch {
    // The answer broke off on the way.
    return offline() ? network(variant) : toAnswer(null, "", variant);
  } finally {
    clearTimeout(timer);
  }
}
