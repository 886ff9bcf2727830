/* The lead webhook: the lead as JSON, POSTed to its complex's LEADS_WEBHOOK_URL; 2xx means delivered. */
import { siteSetting } from "~/env.server";
import type { StoredLeadKind } from "~/leads/lead-form";
import { DeliveryError } from "./sms.server";

export type WebhookPayload = {
  id: string;
  /** The complex the lead was made on: complexes without their own URL share the default one. */
  site_id: string;
  kind: StoredLeadKind;
  name: string;
  phone: string;
  message: string;
  privacy_consent: true;
  privacy_consent_at: string;
  privacy_consent_version: string;
  sms_consent: boolean;
  sms_consent_at: string | null;
  /** The page the form was sent from. */
  source: string;
  created_at: string;
  /** The booked visit slot's start (ISO UTC) and its Korean date and time, or null. */
  visit_at: string | null;
  visit_date: string | null;
  visit_time: string | null;
  /** First touch of the visit: the landing page's utm_* and the referring site's host, or null. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer_host: string | null;
  /** The complex's number the visitor was shown (content phoneBySource), or null on older leads. */
  shown_phone: string | null;
};

export interface WebhookSender {
  send(payload: WebhookPayload): Promise<void>;
}

export class HttpWebhookSender implements WebhookSender {
  constructor(private readonly options: { url: string; timeoutMs?: number }) {}

  async send(payload: WebhookPayload) {
    const { url, timeoutMs = 5000 } = this.options;
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new DeliveryError(`웹훅 응답 ${response.status}`, response.status);
  }
}

/**
 * The sender for a complex's LEADS_WEBHOOK_URL (its own, else the default) as it is now; without
 * one, webhook rows wait and are retried.
 */
export function webhookSenderFor(siteId: string): WebhookSender {
  return {
    async send(payload) {
      const url = siteSetting("LEADS_WEBHOOK_URL", siteId);
      if (!url) throw new DeliveryError("LEADS_WEBHOOK_URL이 설정되지 않았습니다");
      await new HttpWebhookSender({ url }).send(payload);
    },
  };
}
