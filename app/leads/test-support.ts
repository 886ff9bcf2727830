/*
 * Test support: a visitor's form as the site's forms send it (consent given, no SMS consent), for
 * the data tests that make leads.
 */
import type { LeadForm } from "~/leads/lead-form";

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
