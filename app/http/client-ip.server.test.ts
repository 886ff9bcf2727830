import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "./client-ip.server";

describe("the address a rate limit counts", () => {
  it("counts an IPv6 client by its /64, whatever form the address is written in", () => {
    const network = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0abc",
      "[2001:db8:1:2::9]",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2:0:0:192.0.2.1",
    ])
      expect(rateLimitAddress(ip), ip).toBe(network);
    expect(rateLimitAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, and an IPv4 address as it is", () => {
    expect(rateLimitAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitAddress("::FFFF:cb00:7109")).toBe("203.0.113.9");
    expect(rateLimitAddress("0:0:0:0:0:ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitAddress("unknown")).toBe("unknown");
  });
});
