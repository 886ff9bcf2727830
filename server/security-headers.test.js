import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  baseSecurityHeaders,
  complexPolicy,
  contentSecurityPolicy,
  createNonce,
  inlineScriptHashes,
  inlineStyleHashes,
} from "./security-headers.js";

/** The policy as a map of directive → sources. */
const directives = (policy) =>
  Object.fromEntries(
    policy.split(/;\s*/).map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );

const sha256 = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("Content-Security-Policy", () => {
  test("scripts only from this site or named inline, frames only from the configured hosts", () => {
    const policy = directives(
      contentSecurityPolicy({
        scripts: ["'nonce-abc'"],
        frames: ["https://www.youtube.com", "https://vr.example.com"],
      }),
    );
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy["frame-src"]).toEqual(["https://www.youtube.com", "https://vr.example.com"]);
    expect(policy["frame-ancestors"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["style-src"]).toEqual(["'self'"]);
  });

  test("no inline script and no frame when nothing is named", () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["frame-src"]).toEqual(["'none'"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  });

  test("a complex's ad tags add their hosts to scripts, beacons and frames, beside an answer's own inline scripts", () => {
    const policy = directives(
      complexPolicy(
        {
          scripts: ["https://wcs.naver.net"],
          connect: ["https://wcs.naver.com"],
          images: ["https://wcs.naver.com"],
          frames: ["https://td.doubleclick.net"],
        },
        ["'nonce-abc'"],
      ),
    );
    expect(policy["script-src"]).toEqual(["'self'", "https://wcs.naver.net", "'nonce-abc'"]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://wcs.naver.com"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "https://wcs.naver.com"]);
    expect(policy["frame-src"]).toEqual(["https://td.doubleclick.net"]);
    expect(directives(complexPolicy())["connect-src"]).toEqual(["'self'"]);
  });

  test("a page's inline styles by their hashes, and no other inline style", () => {
    const html = `<head><style>.hero{height:100svh}</style></head><body><style media="print">p{color:#000}</style></body>`;
    const styles = inlineStyleHashes(html);
    expect(styles).toEqual([sha256(".hero{height:100svh}"), sha256("p{color:#000}")]);
    const policy = directives(complexPolicy({}, [], styles));
    expect(policy["style-src"]).toEqual(["'self'", ...styles]);
    expect(policy["style-src"]).not.toContain("'unsafe-inline'");
    expect(directives(complexPolicy())["style-src"]).toEqual(["'self'"]);
  });

  test("the hashes of exactly the inline scripts a browser runs", () => {
    const html = [
      `<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>`,
      `<script>window.a = "가";</script>`,
      `<script type="module" async="">import "/assets/x.js";</script>`,
      `<script src="/assets/y.js"></script>`,
      `<script id="_R_">requestAnimationFrame(function(){})</script>`,
      `<script>window.a = "가";</script>`,
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([
      sha256(`window.a = "가";`),
      sha256(`import "/assets/x.js";`),
      sha256("requestAnimationFrame(function(){})"),
    ]);
  });

  test("a nonce is fresh for every answer", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("other security headers", () => {
  test("HSTS only when the site is served over https", () => {
    expect(baseSecurityHeaders({ https: true })["Strict-Transport-Security"]).toBe(
      "max-age=31536000",
    );
    expect(baseSecurityHeaders({ https: false })).not.toHaveProperty("Strict-Transport-Security");
  });
});
