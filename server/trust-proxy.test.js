import { describe, expect, test } from "vitest";
import express from "express";
import { ConfigError, DEFAULT_TRUST_PROXY, parseTrustProxy } from "./trust-proxy.js";

/** The address Express takes as the client's, for a connection from `peer` with X-Forwarded-For. */
function clientIp(setting, peer, forwardedFor) {
  const app = express();
  app.set("trust proxy", setting);
  const req = Object.create(app.request);
  req.app = app;
  req.headers = { "x-forwarded-for": forwardedFor };
  req.socket = { remoteAddress: peer };
  Object.defineProperty(req, "connection", { value: req.socket });
  return req.ip;
}

describe("TRUST_PROXY", () => {
  test("unset or blank: only a proxy on this machine is trusted (the runtime contract's default)", () => {
    expect(parseTrustProxy(undefined)).toEqual(DEFAULT_TRUST_PROXY);
    expect(parseTrustProxy("  ")).toEqual(DEFAULT_TRUST_PROXY);
    const setting = parseTrustProxy(undefined);
    expect(clientIp(setting, "127.0.0.1", "203.0.113.5")).toBe("203.0.113.5");
    expect(clientIp(setting, "172.18.0.2", "203.0.113.5")).toBe("172.18.0.2");
    expect(clientIp(setting, "198.51.100.7", "203.0.113.5")).toBe("198.51.100.7");
    // A container network is trusted once named.
    expect(clientIp(parseTrustProxy("uniquelocal"), "172.18.0.2", "203.0.113.5")).toBe(
      "203.0.113.5",
    );
  });

  test("true and false are booleans, not addresses", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("False")).toBe(false);
    expect(clientIp(parseTrustProxy("false"), "127.0.0.1", "203.0.113.5")).toBe("127.0.0.1");
  });

  test("a number is a hop count, not the address 0.0.0.1", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(clientIp(parseTrustProxy("1"), "198.51.100.7", "10.9.9.9, 203.0.113.5")).toBe(
      "203.0.113.5",
    );
  });

  test("addresses and CIDR ranges, comma-separated", () => {
    const setting = parseTrustProxy(" 10.0.0.0/8, 172.18.0.2 ,fd00::/8");
    expect(setting).toEqual(["10.0.0.0/8", "172.18.0.2", "fd00::/8"]);
    expect(clientIp(setting, "172.18.0.2", "203.0.113.5")).toBe("203.0.113.5");
    expect(clientIp(setting, "172.18.0.3", "203.0.113.5")).toBe("172.18.0.3");
  });

  test.each(["yes", "10.0.0.0/33", "127.0.0.1,nonsense", "1.2.3"])(
    "%s is refused with a Korean message naming the wrong entry",
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(ConfigError);
      expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY의 ".+"은\(는\) 올바르지 않습니다/);
    },
  );
});
