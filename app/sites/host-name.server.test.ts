import { describe, expect, it } from "vitest";
import { hostOf, hostOrigin, normalizeHost, normalizeHosts, withScheme } from "./host-name.server";

describe("one form of a host name", () => {
  it("lower-cases, drops one trailing dot, writes a Korean name in punycode, keeps the port", () => {
    expect(normalizeHost("Foo.Example.COM")).toBe("foo.example.com");
    expect(normalizeHost("suwon.localhost.")).toBe("suwon.localhost");
    expect(normalizeHost(" Suwon.localhost.:4173 ")).toBe("suwon.localhost:4173");
    expect(normalizeHost("분양.example.com")).toBe("xn--sr3b80m.example.com");
    expect(normalizeHost("xn--sr3b80m.example.com:8443")).toBe("xn--sr3b80m.example.com:8443");
    expect(normalizeHost("ＦＯＯ.example.com")).toBe("foo.example.com");
  });

  it("leaves what is no host name for the schema to refuse", () => {
    expect(normalizeHost("Ex Ample.com")).toBe("ex ample.com");
    expect(normalizeHost("a_b.example.com")).toMatch(/_/);
    expect(normalizeHosts(["A.com", 3])).toEqual(["a.com", 3]);
    expect(normalizeHosts("a.com")).toBe("a.com");
  });
});

describe("a host with its scheme (issue 39, item 7)", () => {
  it("keeps the scheme typed, in lower case, and the host in its one form", () => {
    expect(normalizeHost(" HTTP://Dongtan.Localhost:4100/ ")).toBe("http://dongtan.localhost:4100");
    expect(normalizeHost("https://분양.example.com")).toBe("https://xn--sr3b80m.example.com");
    expect(hostOf("http://Dongtan.localhost.:4100")).toBe("dongtan.localhost:4100");
  });

  it("names the origin: the scheme typed, else https, but http for localhost and IPs", () => {
    expect(hostOrigin("http://www.example.com")).toBe("http://www.example.com");
    expect(hostOrigin("www.example.com")).toBe("https://www.example.com");
    expect(hostOrigin("dongtan.localhost:4100")).toBe("http://dongtan.localhost:4100");
    expect(hostOrigin("localhost:4100")).toBe("http://localhost:4100");
    expect(hostOrigin("10.0.0.7:8080")).toBe("http://10.0.0.7:8080");
    expect(hostOrigin("https://dongtan.localhost:4100")).toBe("https://dongtan.localhost:4100");
  });

  it("takes the scheme chosen beside the field when the entry names none", () => {
    expect(withScheme("dongtan.example.com", "http")).toBe("http://dongtan.example.com");
    expect(withScheme("https://dongtan.example.com", "http")).toBe("https://dongtan.example.com");
    expect(withScheme("dongtan.example.com", "")).toBe("dongtan.example.com");
  });
});
