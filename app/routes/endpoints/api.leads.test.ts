import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { listLeads } from "~/leads/leads.server";
import { MESSAGES, RESULT_MESSAGES } from "~/leads/lead-form";
import { action } from "./api.leads";

/** The JSON twin of the lead actions, as the page's script posts to it. */
async function post(query: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost/api/leads?${query}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const args = { request, context: { ip: "203.0.113.60" }, params: {} };
  return action(args as unknown as Parameters<typeof action>[0]);
}

const base = { name: "홍길동", phone: "010-2345-6789", privacyConsent: "on", source: "/" };

describe.each(engines())("the leads JSON action ($name)", (engine) => {
  useTestDb(engine);

  it("stores a lead and answers the catalogue's message as JSON, never cached", async () => {
    const res = await post("kind=inquiry&variant=inquiry", { ...base, message: "문의" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const leads = await listLeads("anyang");
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ kind: "inquiry", message: "문의" });
    // The new lead's id, for the ad tags' lead events (app/enhance/tracking.ts).
    expect(await res.json()).toEqual({
      ok: true,
      result: "success",
      message: RESULT_MESSAGES.inquiry.success,
      conversion: { id: leads[0]!.id, booked: false },
    });
  });

  it("the same registration again is acknowledged without a conversion: it was stored once", async () => {
    await post("kind=inquiry&variant=inquiry", { ...base, message: "다시" });
    const again = await post("kind=inquiry&variant=inquiry", { ...base, message: "다시" });
    expect(await again.json()).toEqual({
      ok: true,
      result: "success",
      message: RESULT_MESSAGES.inquiry.success,
    });
    expect(await listLeads("anyang")).toHaveLength(1);
  });

  it("answers a refused form with the field's Korean message and the input, status 400", async () => {
    const res = await post("kind=visit&variant=popup", { ...base, phone: "12345" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      ok: false,
      result: "invalid",
      errors: { phone: MESSAGES.phoneInvalid },
      values: { name: "홍길동", phone: "12345" },
    });
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("an inquiry form's slot fields are not the visitor's doing: ignored, as on the page", async () => {
    const res = await post("kind=inquiry&variant=inquiry", {
      ...base,
      visitDate: "2000-01-01",
      visitTime: "10:00",
    });
    expect(res.status).toBe(200);
    expect((await listLeads("anyang"))[0]).toMatchObject({ visitAt: null });
  });

  it.each(["", "kind=visit", "kind=admin&variant=popup", "kind=visit&variant=x"])(
    "answers 404 to an unknown form (%s) with JSON carrying the Korean failure message",
    async (query) => {
      const res = await post(query, base);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({
        ok: false,
        result: "failed",
        message: RESULT_MESSAGES.popup.failed,
      });
      expect(await listLeads("anyang")).toHaveLength(0);
    },
  );

  it("answers an unknown kind on the inquiry form with the inquiry form's failure message", async () => {
    const res = await post("kind=admin&variant=inquiry", base);
    expect(await res.json()).toMatchObject({ message: RESULT_MESSAGES.inquiry.failed });
  });
});
