import { afterEach, describe, expect, test, vi } from "vitest";
import { RESULT_MESSAGES } from "~/lib/lead-form";
import { leadClientAction, resultMessage, type LeadActionData } from "./lead-form";

describe("resultMessage", () => {
  test("gives the catalogue's message per variant; the inquiry ones carry their marks", () => {
    expect(resultMessage("popup", "success")).toBe(RESULT_MESSAGES.popup.success);
    expect(resultMessage("inquiry", "success")).toMatch(/^✔ /);
    expect(resultMessage("inquiry", "failed")).toMatch(/^✖ /);
    expect(resultMessage("inquiry", "network")).toMatch(/^⚠ /);
    expect(resultMessage("popup", "rateLimited")).toBe(RESULT_MESSAGES.rateLimited);
  });
});

describe("leadClientAction", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("passes the server's answer through", async () => {
    const answer: LeadActionData = { ok: true, result: "success", message: "ok" };
    expect(await leadClientAction(async () => answer, "popup")).toBe(answer);
  });

  test("a request that never reached the server gives the network message", async () => {
    const result = await leadClientAction(async () => {
      throw new TypeError("Failed to fetch");
    }, "inquiry");
    expect(result).toEqual({
      ok: false,
      result: "network",
      message: RESULT_MESSAGES.inquiry.network,
    });
  });

  test("while the browser is offline any failure is the network message", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const result = await leadClientAction(async () => {
      throw new Error("whatever");
    }, "popup");
    expect(result).toMatchObject({ result: "network", message: RESULT_MESSAGES.popup.network });
  });

  test("an answer that is not the action's (a proxy's error page) gives the failure message", async () => {
    const result = await leadClientAction(async () => {
      throw new Error("Unable to decode turbo-stream response");
    }, "inquiry");
    expect(result).toEqual({
      ok: false,
      result: "failed",
      message: RESULT_MESSAGES.inquiry.failed,
    });
  });
});
