/*
 * Test support for the data tests that make leads: a visitor's form as the site's forms send it
 * (consent given, no SMS consent), the intake tests' visitor, and the outbox rows a lead queued.
 */
import { useTestDb, type Engine } from "~/db/test-support";
import type { LeadForm } from "~/leads/lead-form";
import type { LeadMeta } from "./leads.server";

/** An inquiry (or a visit, with its slot "2026-03-03T14:00" or none) from name and phone. */
export const leadForm = (
  name: string,
  phone: string,
  kind: LeadForm["kind"] = "inquiry",
  visitSlot: string | null = null,
): LeadForm => ({
  kind,
  name,
  phone,
  message: "",
  privacyConsent: true,
  smsConsent: false,
  visitSlot,
});

/*
 * The intake tests' visitor: a visit with SMS consent, an inquiry without, the request they came
 * with, and the moment they came (T0, and `later(seconds)` after it).
 */
export const visit: LeadForm = {
  kind: "visit",
  name: "홍길동",
  phone: "010-1234-5678",
  message: "",
  privacyConsent: true,
  smsConsent: true,
  visitSlot: null,
};
export const inquiry: LeadForm = {
  ...visit,
  kind: "inquiry",
  message: "84A 타입 잔여세대 문의",
  smsConsent: false,
};
export const meta: LeadMeta = {
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 test",
  source: "/Promotion/Customer",
};
export const T0 = new Date("2026-03-01T01:00:00.000Z");
export const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/**
 * A fresh database for the describe block on `engine` (useTestDb): the database, and the outbox rows
 * in it (what new leads queued), by kind.
 */
export function useLeadsDb(engine: Engine) {
  const t = useTestDb(engine);
  const outbox = () =>
    t.db().all<{
      lead_id: string;
      kind: string;
      status: string;
      payload: string;
    }>("SELECT lead_id, kind, status, payload FROM outbox ORDER BY kind");
  return { db: () => t.db(), outbox };
}
