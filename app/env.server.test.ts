import { afterEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvCache, siteSetting, siteSettingVariable } from "./env.server";
import { requestSiteId } from "./sites/request-site.server";

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  resetEnvCache();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("settings per complex", () => {
  it("names a complex's variable with its id upper-cased and - as _", () => {
    expect(siteSettingVariable("STAFF_ALERT_PHONES", "pyeongchon-2")).toBe(
      "STAFF_ALERT_PHONES__PYEONGCHON_2",
    );
  });

  it("uses NAME__<ID> for that complex and NAME for the others", () => {
    setEnv({
      STAFF_ALERT_PHONES: "010-1111-2222",
      STAFF_ALERT_PHONES__BUNDANG: "01033334444, 010-5555-6666",
      LEADS_WEBHOOK_URL: "https://hooks.example.com/default",
      LEADS_WEBHOOK_URL__PYEONGCHON_2: "https://hooks.example.com/pc2",
      SMS_SENDER: "0311234567",
      SMS_GATEWAY_URL: undefined,
      SMS_GATEWAY_URL__BUNDANG: "https://sms.example.com/send",
    });
    expect(siteSetting("STAFF_ALERT_PHONES", "anyang")).toEqual(["010-1111-2222"]);
    expect(siteSetting("STAFF_ALERT_PHONES", "bundang")).toEqual([
      "010-3333-4444",
      "010-5555-6666",
    ]);
    expect(siteSetting("LEADS_WEBHOOK_URL", "pyeongchon-2")).toBe("https://hooks.example.com/pc2");
    expect(siteSetting("LEADS_WEBHOOK_URL", "bundang")).toBe("https://hooks.example.com/default");
    expect(siteSetting("SMS_SENDER", "bundang")).toBe("0311234567");
    expect(siteSetting("SMS_GATEWAY_URL", "anyang")).toBeUndefined();
    expect(siteSetting("SMS_GATEWAY_URL", "bundang")).toBe("https://sms.example.com/send");
  });

  it("stops with the variable's name when a complex's value is not valid", () => {
    setEnv({ STAFF_ALERT_PHONES__BUNDANG: "not a phone" });
    expect(() => env()).toThrow(/STAFF_ALERT_PHONES__BUNDANG: 전화번호가 아닙니다: not a phone/);
  });
});

describe("the complex of a request", () => {
  it("is the complex of its host name, else DEFAULT_SITE, else the one marked default", () => {
    setEnv({ DEFAULT_SITE: undefined });
    expect(requestSiteId(new Request("http://localhost/admin"))).toBe("anyang");
    expect(requestSiteId(new Request("http://suwon.localhost:3000/admin"))).toBe("suwon");
    expect(requestSiteId(new Request("https://gwanggyo-lakepark.example.com/"))).toBe("suwon");
    setEnv({ DEFAULT_SITE: "suwon" });
    expect(requestSiteId(new Request("http://localhost/admin"))).toBe("suwon");
    expect(requestSiteId(new Request("http://anyang.localhost/admin"))).toBe("anyang");
  });
});
