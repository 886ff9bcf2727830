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

/** The X-Signature a sender writes for body: `sha256=<hex HMAC-SHA256 with secret>`. */
export function signature(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
