import { afterAll, beforeAll, expect, test } from "vitest";
import { MESSAGES } from "~/leads/lead-form";
import { ECHO_MAX } from "~/routes/public/lead-action.server";
import { startServer, type RunningServer } from "./support/server";

/*
 * A refused lead form shows the visitor's input again, each field clipped to an echo maximum (twice
 * its limit): a 60,000-character name (just under the body limit) is answered with the message, not
 * echoed whole.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LEADS_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await server?.stop();
});

const huge = "q".repeat(60_000);
const body = new URLSearchParams({
  name: huge,
  phone: "010-2345-6789",
  message: "",
  privacyConsent: "on",
}).toString();

test.each([
  ["the page answered to a form sent without JavaScript", "/register"],
  ["the data answered to a hydrated page's router", "/register.data"],
  ["the JSON answered to the page's script", "/api/leads?kind=visit&variant=popup"],
])(
  "%s: a 60,000-character name is refused with the Korean message and comes back clipped",
  async (_what, path) => {
    const res = await fetch(server.url + path, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).toContain(MESSAGES.nameTooLong);
    expect(text).toContain("q".repeat(ECHO_MAX.name));
    expect(text).not.toContain("q".repeat(ECHO_MAX.name + 1));
    expect(text.length).toBeLessThan(200_000);
  },
);
