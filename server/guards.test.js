import { describe, expect, test } from "vitest";
import { FILE_KINDS, FILE_LIMITS, fileUploadPath } from "../app/lib/file-upload";
import {
  bodyLimitFor,
  BODY_LIMIT,
  DRAIN_LIMIT,
  drainLimitFor,
  MEDIA_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
} from "./body-limit.js";
import { sameOriginPosts, sitePath } from "./guards.js";
import { requestOrigin } from "./react-router.js";

describe("the trailing-slash redirect target", () => {
  test.each([
    ["/Brand/intro/", "/Brand/intro"],
    ["//evil.example/", "/evil.example"],
    ["/\\evil.example/", "/evil.example"],
    ["/\\/\\evil.example\\/", "/evil.example"],
    ["////", "/"],
    ["/a//b/", "/a//b"],
  ])("%s → %s, a path of this site", (path, target) => {
    expect(sitePath(path)).toBe(target);
    expect(new URL(sitePath(path), "https://site.example/x").origin).toBe("https://site.example");
  });
});

describe("body limits", () => {
  test.each([
    ["/register", BODY_LIMIT],
    ["/register.data", BODY_LIMIT],
    ["/admin", BODY_LIMIT],
    ["/admin/press/photos", UPLOAD_BODY_LIMIT],
    ["/admin/media", MEDIA_BODY_LIMIT],
    ["/admin/media.data", MEDIA_BODY_LIMIT],
    ["/admin/media/x", UPLOAD_BODY_LIMIT],
    // The guided start's logo and hero: a picture as large as /admin/media takes.
    ["/admin/sites/dongtan/start/photo", MEDIA_BODY_LIMIT],
    ["/admin/sites/dongtan/start/color.data", MEDIA_BODY_LIMIT],
    ["/admin/sites/dongtan/start/units", UPLOAD_BODY_LIMIT],
    ["/anyang/press", UPLOAD_BODY_LIMIT],
    ["/anyang/press.data", UPLOAD_BODY_LIMIT],
    ["/anyang/press/42", UPLOAD_BODY_LIMIT],
    ["/anyang/pressure", BODY_LIMIT],
    ["/Anyang/press", BODY_LIMIT],
    ["/hooks/solapi", BODY_LIMIT],
    ["/hooks/leads/anyang", BODY_LIMIT],
  ])("a POST to %s may carry %i bytes; any other method 64 KB", (path, limit) => {
    expect(bodyLimitFor(path, "POST")).toBe(limit);
    for (const method of ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"])
      expect(bodyLimitFor(path, method)).toBe(BODY_LIMIT);
  });

  test.each(FILE_KINDS)(
    "the console's %s upload takes its largest file and 1 MB of framing; a refusal reads 64 MB more",
    (kind) => {
      const limit = FILE_LIMITS[kind].maxBytes + 1024 * 1024;
      expect(bodyLimitFor(fileUploadPath(kind), "POST")).toBe(limit);
      expect(bodyLimitFor(`${fileUploadPath(kind)}.data`, "POST")).toBe(limit);
      expect(drainLimitFor(fileUploadPath(kind), "POST")).toBe(limit + DRAIN_LIMIT);
      expect(bodyLimitFor(fileUploadPath(kind), "GET")).toBe(BODY_LIMIT);
      expect(drainLimitFor(fileUploadPath(kind), "GET")).toBe(BODY_LIMIT);
    },
  );
});

describe("the origin React Router and the origin check see", () => {
  const req = (protocol, host) => ({ protocol, host });

  test("scheme and host of the request (from a trusted proxy's X-Forwarded-* in Express)", () => {
    expect(requestOrigin(req("https", "www.example.kr"), "fallback")).toBe(
      "https://www.example.kr",
    );
    expect(requestOrigin(req("http", "localhost:3000"), "fallback")).toBe("http://localhost:3000");
    expect(requestOrigin(req("http", "[::1]:3000"), "fallback")).toBe("http://[::1]:3000");
  });

  test("written as a browser writes Origin: lower case, no default port", () => {
    expect(requestOrigin(req("https", "WWW.Example.kr:443"), "x")).toBe("https://www.example.kr");
    expect(requestOrigin(req("http", "site.kr:80"), "x")).toBe("http://site.kr");
  });

  test("a Host that is not a host name, or an odd scheme, is not trusted", () => {
    expect(requestOrigin(req("http", "evil.example@site.kr"), "site.kr")).toBe("http://site.kr");
    expect(requestOrigin(req("http", "a/b"), "site.kr")).toBe("http://site.kr");
    expect(requestOrigin(req("http", undefined), "site.kr")).toBe("http://site.kr");
    expect(requestOrigin(req("javascript", "site.kr"), "site.kr")).toBe("http://site.kr");
    expect(requestOrigin(req("http", "site.kr:99999"), "site.kr")).toBe("http://site.kr");
  });
});

describe("the same-origin check of POSTs", () => {
  const check = (origin, path = "/register") => {
    const refused = [];
    let passed = false;
    const req = { method: "POST", path, get: (name) => (name === "origin" ? origin : undefined) };
    sameOriginPosts(
      () => "https://site.kr",
      (_req, _res, status) => refused.push(status),
    )(req, {}, () => (passed = true));
    return passed ? "next" : refused.join();
  };

  test("lets a POST without Origin through (Solapi's reports to /hooks/solapi), refuses another site's", () => {
    expect(check(undefined)).toBe("next");
    expect(check("https://site.kr")).toBe("next");
    expect(check("https://evil.example")).toBe("403");
  });

  test("leaves the inbound hooks alone: another server's POST is signed, not same-origin", () => {
    expect(check("https://hooks.zapier.com", "/hooks/leads/anyang")).toBe("next");
    expect(check("https://evil.example", "/hooks/solapi")).toBe("next");
    expect(check("https://evil.example", "/hooksx")).toBe("403");
  });
});
