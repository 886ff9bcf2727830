/*
 * SMS: the texts the site sends, and the providers that send them. Every text is built from content
 * and checked values only (a name passes NAME_CHARS in ~/lib/lead-form: no line breaks, URLs or
 * digits), so nobody can make the site text their own lines to a phone.
 *
 * - The visit confirmation is transactional (the service the visitor asked for): no "(광고)", no
 *   advertising content, sent at any hour, with or without marketing consent.
 * - The promotional message follows the rules for advertising (정보통신망법 §50): "(광고)" first,
 *   the sender's name, a free opt-out number last, only with the visitor's SMS consent, and never
 *   between 21:00 and 08:00 Korean time (that needs a separate consent we do not ask for).
 * - Staff alerts go to the sales team's phones (the complex's STAFF_ALERT_PHONES) at any hour.
 */
import type { Site } from "~/content/schema";
import { requireSite } from "~/sites/registry.server";
import { hasOwnSiteSetting, siteSetting } from "~/env.server";
import { formatKoreanMonthDayTime, kstDate, kstInstant, kstTime } from "~/lib/korean-time";
import { formatSlot } from "~/bookings/visit-slots";
import type { StoredLeadKind } from "~/leads/lead-form";

/** Why an SMS is sent (outbox.purpose). */
export type SmsPurpose = "confirmation" | "promotion" | "staff" | "reminder";

/** How a message went: 알림톡 (ATA), a short text (SMS) or a long one (LMS). */
export type MessageType = "ATA" | "SMS" | "LMS";

/** An 알림톡 template's variables, "#{이름}": "홍길동" (values are always strings). */
export type TemplateVariables = Record<string, string>;

/** What a provider may use besides the text: why it is sent, and the 알림톡 variables. */
export type SmsDetails = { purpose: SmsPurpose | null; variables?: TemplateVariables };

/** The provider's record of an accepted message, when it keeps one (Solapi). */
export type SmsReceipt = { messageId: string | null; type: MessageType };

export interface SmsProvider {
  /**
   * Resolves when the gateway accepted the message (with its receipt, when the provider gives
   * one); throws (with a reason) when it did not.
   */
  send(to: string, text: string, details?: SmsDetails): Promise<SmsReceipt | void>;
}

/** A text message's bytes as a Korean phone counts them (EUC-KR: 2 for Hangul and other wide characters). */
function smsBytes(text: string): number {
  let bytes = 0;
  for (const ch of text) bytes += ch.codePointAt(0)! < 0x80 ? 1 : 2;
  return bytes;
}

/** An SMS holds 90 bytes (45 Korean characters); a longer text goes as LMS. */
const SMS_MAX_BYTES = 90;
/** An 알림톡 holds 1,000 characters; a longer text goes as LMS instead. */
export const ALIMTALK_MAX_CHARS = 1000;

export function textType(text: string): "SMS" | "LMS" {
  return smsBytes(text) > SMS_MAX_BYTES ? "LMS" : "SMS";
}

/** A value a template variable may not leave empty. */
const orDash = (value: string | null | undefined) => value || "-";

/** Korean night hours when no promotional SMS may be sent: from 21:00 to 08:00. */
const QUIET_HOURS = { from: "21:00", until: "08:00" } as const;

export function isQuietHour(now: Date): boolean {
  const t = kstTime(now);
  return t >= QUIET_HOURS.from || t < QUIET_HOURS.until;
}

/** When a promotional SMS queued at now may go out: now, or 08:00 Korean time after the night. */
export function promotionSendableAt(now: Date): Date {
  if (!isQuietHour(now)) return now;
  const today = kstDate(now);
  const morning = kstInstant(today, QUIET_HOURS.until);
  return now < morning ? morning : new Date(morning.getTime() + 86_400_000);
}

/**
 * The confirmation a visitor gets after registering a visit. With a booked slot (slotKey) it carries
 * the time and the booking page's link (to see or cancel); without one, the model house's hours.
 */
export function visitConfirmationText(
  site: Site,
  name: string,
  booking?: { slotKey: string; link: string },
): string {
  return visitConfirmation(site, name, booking).text;
}

/**
 * The confirmation as text and as the variables of the complex's 알림톡 template (content
 * `kakao.templates.visitConfirmation`): the same facts, so the text can stand in for the 알림톡.
 */
export function visitConfirmation(
  site: Site,
  name: string,
  booking?: { slotKey: string; link: string },
): { text: string; variables: TemplateVariables } {
  const { identity, modelHouse } = site;
  const when = booking ? formatSlot(booking.slotKey) : null;
  const text = [
    `[${identity.name}]`,
    booking
      ? `${name}님, 견본주택 방문예약이 확정되었습니다.`
      : `${name}님, 견본주택 방문 등록이 접수되었습니다.`,
    when ? `방문일시: ${when}` : `운영시간: ${modelHouse.hoursText}`,
    `장소: ${identity.modelHouseAddress}`,
    ...(booking ? [`예약 확인·취소: ${booking.link}`] : []),
    `문의: ${identity.phone}`,
  ].join("\n");
  const variables = {
    "#{단지명}": identity.name,
    "#{이름}": name,
    "#{방문일시}": when ?? `예약 시간 없음 (운영시간: ${modelHouse.hoursText})`,
    "#{장소}": identity.modelHouseAddress,
    "#{예약링크}": orDash(booking?.link),
    "#{문의전화}": identity.phone,
  };
  return { text, variables };
}

/**
 * The remaining units as counted last (운영 정보): "잔여 세대(11월 25일 14:30 기준): 59A 3세대, 84A 마감".
 * Nothing when none were given.
 */
function remainingLines(site: Site): string[] {
  const remaining = site.remainingUnits;
  if (!remaining) return [];
  const parts = site.unitTypes
    .filter((u) => remaining.counts[u.key] !== undefined)
    .map((u) => {
      const n = remaining.counts[u.key]!;
      return `${u.label} ${n === 0 ? "마감" : `${n}세대`}`;
    });
  if (parts.length === 0) return [];
  const when = `${formatKoreanMonthDayTime(remaining.updatedAt)} 기준`;
  return [`잔여 세대(${when}): ${parts.join(", ")}`];
}

/** The advertising SMS (remaining units) for a visitor who agreed to receive them. */
export function promotionSmsText(site: Site, name: string): string {
  const { identity, project, privacy } = site;
  return [
    `(광고) ${identity.name}`,
    `${name}님, 방문예약을 해 주셔서 감사합니다.`,
    `견본주택: ${identity.modelHouseAddress}`,
    project.remainingUnitsNotice,
    ...remainingLines(site),
    `상담문의: ${identity.phone}`,
    `무료수신거부 ${privacy.optOutNumber}`,
  ].join("\n");
}

export type StaffAlert = {
  event: "new" | "cancelled";
  kind: StoredLeadKind;
  name: string;
  phone: string;
  slotKey: string | null;
  /** Campaign or referring site, else the page. */
  source: string;
};

/** What the sales team reads about a new lead, or a cancelled booking. */
export function staffAlertText(site: Site, alert: StaffAlert): string {
  return staffAlert(site, alert).text;
}

/** The staff alert as text and as the variables of `kakao.templates.staffAlert`. */
export function staffAlert(
  site: Site,
  alert: StaffAlert,
): { text: string; variables: TemplateVariables } {
  const what =
    alert.event === "cancelled"
      ? "방문예약 취소"
      : alert.kind === "visit"
        ? "새 방문예약"
        : alert.kind === "phone"
          ? "새 전화 접수"
          : "새 상담문의";
  const when = alert.slotKey ? formatSlot(alert.slotKey) : null;
  const text = [
    `[${site.identity.name}] ${what}`,
    `${alert.name} ${alert.phone}`,
    ...(when ? [`방문: ${when}`] : []),
    `유입: ${alert.source}`,
  ].join("\n");
  const variables = {
    "#{단지명}": site.identity.name,
    "#{구분}": what,
    "#{이름}": alert.name,
    "#{연락처}": alert.phone,
    "#{방문일시}": orDash(when),
    "#{유입}": alert.source,
  };
  return { text, variables };
}

/** "010-1234-5678" → "010-****-5678": logs need not hold whole phone numbers. */
export function maskPhone(phone: string): string {
  return phone.replace(
    /^(\d{2,4})-(\d{3,4})-(\d{4})$/,
    (_, a: string, b: string, c: string) => `${a}-${"*".repeat(b.length)}-${c}`,
  );
}

/** Writes that a message would be sent, instead of sending it (no gateway configured). */
class LogSmsProvider implements SmsProvider {
  async send(to: string, text: string) {
    console.info(
      `[sms] 게이트웨이 미설정: ${maskPhone(to)}에게 보낼 문자 (${text.length}자, 첫 줄 "${text.split("\n")[0]}")를 기록만 합니다`,
    );
  }
}

/** POSTs {to, from, text} as JSON with a bearer key; any answer other than 2xx is a failure. */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly options: { url: string; key?: string; from: string; timeoutMs?: number },
  ) {}

  async send(to: string, text: string) {
    const { url, key, from, timeoutMs = 5000 } = this.options;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({ to, from, text }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok)
      throw new DeliveryError(`SMS 게이트웨이 응답 ${response.status}`, response.status);
  }
}

/** A failed delivery, with the receiver's HTTP status when there was one. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = "DeliveryError";
  }
}

/**
 * The provider the environment configures for a complex: its HTTP gateway when SMS_GATEWAY_URL is set
 * (its own SMS_GATEWAY_URL__<ID>, else the default), else the log. A complex with a gateway of its own
 * sends only its own key there: the default complex's key never goes to another gateway.
 */
export function smsProviderFor(siteId: string): SmsProvider {
  const url = siteSetting("SMS_GATEWAY_URL", siteId);
  if (!url) return new LogSmsProvider();
  const ownGateway = hasOwnSiteSetting("SMS_GATEWAY_URL", siteId);
  return new HttpSmsProvider({
    url,
    key: ownGateway
      ? hasOwnSiteSetting("SMS_GATEWAY_KEY", siteId)
        ? siteSetting("SMS_GATEWAY_KEY", siteId)
        : undefined
      : siteSetting("SMS_GATEWAY_KEY", siteId),
    from: senderNumber(siteId),
  });
}

/**
 * The sender number of a complex's messages, digits only: its content's `sms.sender` (registered
 * with the provider), else its SMS_SENDER setting, else its contact phone.
 */
export function senderNumber(siteId: string): string {
  const site = requireSite(siteId);
  return (site.sms?.sender ?? siteSetting("SMS_SENDER", siteId) ?? site.identity.phone).replace(
    /[^0-9]/g,
    "",
  );
}
