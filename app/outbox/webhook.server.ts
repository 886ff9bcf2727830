/* The lead webhook: the lead as JSON, POSTed to LEADS_WEBHOOK_URL; 2xx means delivered. */
import { env } from "~/env.server";
import { DeliveryError } from "./sms.server";

export type WebhookPayload = {
  id: string;
  kind: "visit" | "inquiry";
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

/** The sender for LEADS_WEBHOOK_URL as it is now; without it, webhook rows wait and are retried. */
export function webhookSenderFromEnv(): WebhookSender {
  return {
    async send(payload) {
      const url = env().LEADS_WEBHOOK_URL;
      if (!url) throw new DeliveryError("LEADS_WEBHOOK_URL이 설정되지 않았습니다");
      await new HttpWebhookSender({ url }).send(payload);
    },
  };
}
