/*
 * Test support: an outside lead as an ad platform or Zapier sends it to POST /hooks/leads/<id>
 * (app/leads/lead-hook.server.ts), and the signature it carries. Unit and browser tests share it.
 */
import { createHmac } from "node:crypto";

/** A body that passes every rule, its fields overridden by `fields`. */
export function hookLead(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "fb-lead-1001",
    name: "김외부",
    phone: "+82 10-4321-8765",
    privacyConsent: true,
    smsConsent: false,
    source: " Meta ",
    campaign: "open_day",
    message: "84A 타입 문의",
    ...fields,
  };
}

/** `sha256=<hex HMAC-SHA256 of content with secret>`: issue 30's first form signed the body alone. */
export function signature(content: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(content).digest("hex")}`;
}

/**
 * The X-Signature a sender writes for body to the complex siteId: the HMAC of "<siteId>." + body,
 * or with an X-Timestamp of "<timestamp>.<siteId>." + body.
 */
export function hookSignature(
  siteId: string,
  body: string,
  secret: string,
  timestamp?: number | string,
): string {
  const prefix = timestamp === undefined ? `${siteId}.` : `${timestamp}.${siteId}.`;
  return signature(Buffer.concat([Buffer.from(prefix), Buffer.from(body)]), secret);
}
