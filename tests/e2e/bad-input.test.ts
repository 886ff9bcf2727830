import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ATTRIBUTION_FIELDS } from "~/lib/attribution";
import { ADMIN_ENV, signInCookie } from "./support/admin";
import { FORM_HEADERS, rawRequest, type RawResponse } from "./support/http";
import { exportLeads } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";

/*
 * Bad input, generated: every form field, route parameter and query string gets hostile and clumsy
 * values (HTML and script, control and bidi characters, invalid percent-encoding, traversal, huge and
 * forged cursors). Whatever comes in: never a 500, never our markup echoed as markup, nothing invalid
 * stored. Runs are bounded (numRuns) against one started server.
 */

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer({
    ...ADMIN_ENV,
    LEADS_RATE_LIMIT: "100000",
    LEADS_PHONE_RATE_LIMIT: "100000",
  });
  cookie = await signInCookie(server);
});
afterAll(async () => {
  await server?.stop();
});

const RUNS = { numRuns: 40 };

/** Payloads that would run or show as markup if a page echoed them unescaped. */
const MARKUP = [
  "<script>window.pwned=1</script>",
  '"><img src=x onerror=alert(1) data-pwned>',
  "<b data-pwned>굵게</b>",
  "</textarea><svg onload=alert(1) data-pwned>",
];
const ECHOED = /<script>window\.pwned|<img src=x onerror|<b data-pwned|<svg onload/;

const nastyConstant = fc.constantFrom(
  ...MARKUP,
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "\u202Eevil\u202C",
  "\u2066숨김\u2069",
  "\u0000\u0007\u001b[31m",
  "\uFEFF\u200B",
  "\uD800",
  "%",
  "%zz",
  "%ff%fe",
  "' OR 1=1 --",
  "${7*7}{{7*7}}",
  "a".repeat(5000),
  "9".repeat(400),
  "-1",
  "1e309",
  "NaN",
  "010-1234-5678\n010-9999-9999",
);
/** A hostile or clumsy string: a known payload, random code points, or a payload inside noise. */
const nasty = fc.oneof(
  nastyConstant,
  fc.string({ unit: "binary", maxLength: 120 }),
  fc
    .tuple(fc.string({ maxLength: 20 }), nastyConstant, fc.string({ maxLength: 20 }))
    .map(([a, b, c]) => a + b + c),
);
const maybe = <T>(valid: T) => fc.oneof(fc.constant(valid), nasty);

type Answer = { status: number; body: string; type: string };

/** No 500; and an HTML answer shows no submitted markup as markup (loader data is not HTML). */
function expectSafe(res: Answer, what: string) {
  expect(res.status, `${what} → ${res.status}`).toBeLessThan(500);
  if (res.type.includes("html")) expect(res.body, `${what} echoed markup`).not.toMatch(ECHOED);
}

const answerOf = (raw: RawResponse): Answer => ({
  ...raw,
  type: String(raw.headers["content-type"] ?? ""),
});

async function fetchText(path: string, init: RequestInit = {}) {
  const res = await fetch(server.url + path, { redirect: "manual", ...init });
  return {
    status: res.status,
    body: await res.text(),
    type: res.headers.get("content-type") ?? "",
    location: res.headers.get("location"),
  };
}

let phoneSeq = 0;
const validPhone = () => `010-6${String(process.pid % 1000).padStart(3, "0")}-${1000 + phoneSeq++}`;

describe("forms", () => {
  test.each([
    ["/register", "visit"],
    ["/Promotion/Customer", "inquiry"],
  ])(
    "the lead form at %s answers every generated submission without a 500 or echoed markup",
    async (path, kind) => {
      const valid = {
        name: "홍길동",
        phone: "valid",
        message: "상담 희망",
        privacyConsent: "on",
        smsConsent: "on",
        visitDate: "",
        visitTime: "",
        source: "/register",
        fillMs: "5000",
        idempotencyKey: "",
        website: "",
        ...Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f, ""])),
      };
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            Object.fromEntries(
              Object.entries(valid).map(([field, value]) => [
                field,
                field === "phone" ? fc.oneof(fc.constant(value), nasty) : maybe(value),
              ]),
            ),
          ),
          async (fields) => {
            const values = { kind, ...fields } as Record<string, string>;
            if (values.phone === "valid") values.phone = validPhone();
            const res = await fetchText(path, {
              method: "POST",
              headers: FORM_HEADERS,
              body: new URLSearchParams(values),
            });
            expectSafe(res, `${path} ${JSON.stringify(values).slice(0, 200)}`);
          },
        ),
        // Besides the generated ones, one wholly valid submission: the stored-lead test below
        // always has a lead to check (a run may generate none that is valid in every field).
        { ...RUNS, examples: [[valid]] },
      );
    },
  );

  test("every stored lead holds only valid values: a phone number, a name of letters, no control characters", async () => {
    const leads = await exportLeads(server);
    expect(leads.length, "some generated submissions were valid").toBeGreaterThan(0);
    const CONTROL =
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2066-\u2069\uFEFF]/;
    for (const lead of leads) {
      expect(lead.연락처).toMatch(/^0\d{1,2}-\d{3,4}-\d{4}$/);
      expect(lead.이름).toMatch(/^[\p{Script=Hangul}\p{Script=Latin} .\-·]+$/u);
      for (const [column, value] of Object.entries(lead))
        expect(CONTROL.test(value), `${column}: ${JSON.stringify(value)}`).toBe(false);
      expect(lead.접수페이지).toMatch(/^\/[^.]*$/);
    }
  });

  test("the administrator's sign-in form answers any email, password and return address in Korean, never leaving the site", async () => {
    await fc.assert(
      fc.asyncProperty(nasty, nasty, nasty, async (email, password, redirectTo) => {
        const res = await fetchText("/admin/login", {
          method: "POST",
          headers: { ...FORM_HEADERS, Origin: server.url },
          body: new URLSearchParams({ email, password, redirectTo }),
        });
        expectSafe(res, `login ${JSON.stringify([email, redirectTo]).slice(0, 200)}`);
        if (res.location) expect(res.location).toMatch(/^\/(?![/\\])/);
      }),
      { numRuns: 30 },
    );
  });

  test("the press write form stores hostile titles and bodies as text, or refuses them in Korean", async () => {
    await fc.assert(
      fc.asyncProperty(nasty, nasty, nasty, async (title, summary, body) => {
        const form = new FormData();
        form.set("intent", "create");
        form.set("title", title);
        form.set("summary", summary);
        form.set("body", body);
        const res = await fetchText("/anyang/press", {
          method: "POST",
          headers: { Origin: server.url, Cookie: cookie },
          body: form,
        });
        expectSafe(res, `press ${JSON.stringify(title).slice(0, 100)}`);
        const posted = /posted=([a-z0-9]{12})/.exec(res.location ?? "")?.[1];
        if (posted) {
          const detail = await fetchText(`/anyang/press/${posted}`);
          expectSafe(detail, `detail of ${JSON.stringify(title).slice(0, 100)}`);
          expect(detail.status).toBe(200);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe("bodies", () => {
  const validFields = () =>
    `kind=visit&name=${encodeURIComponent("홍길동")}&privacyConsent=on&phone=${validPhone()}`;
  const cases: [string, Record<string, string>, BodyInit][] = [
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ name: "홍길동" })],
    ["text/plain", { "Content-Type": "text/plain" }, validFields()],
    ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, validFields()],
    [
      "multipart with a wrong boundary",
      { "Content-Type": "multipart/form-data; boundary=abc" },
      "--xyz\r\nContent-Disposition: form-data; name=name\r\n\r\n홍길동\r\n--xyz--",
    ],
    ["no content type", {}, validFields()],
    ["invalid UTF-8 escapes", FORM_HEADERS, `${validFields()}&message=%FF%FE%C0%AF`],
    [
      "raw invalid UTF-8 bytes",
      FORM_HEADERS,
      new Blob([`${validFields()}&message=`, new Uint8Array([0xff, 0xc3, 0x28])]),
    ],
    ["broken percent-encoding", FORM_HEADERS, `${validFields()}&message=%E0%A4%A&name=%`],
  ];
  test.each(cases)(
    "a lead form sent as %s gets a Korean answer, not a 500",
    async (what, headers, body) => {
      const res = await fetchText("/register", { method: "POST", headers, body });
      expectSafe(res, what);
      expect(res.body).toMatch(/[가-힣]/);
    },
  );

  test("bodies of any size over the limit are refused with 413, announced or chunked", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 65 * 1024, max: 400 * 1024 }),
        fc.boolean(),
        async (size, chunked) => {
          const res = chunked
            ? await rawRequest(server, {
                path: "/register",
                method: "POST",
                headers: { ...FORM_HEADERS, "Transfer-Encoding": "chunked" },
                chunkedBytes: { prefix: `${validFields()}&message=`, size },
              })
            : await rawRequest(server, {
                path: "/register",
                method: "POST",
                headers: FORM_HEADERS,
                body: `${validFields()}&message=${"x".repeat(size)}`,
              });
          expect(res.status).toBe(413);
          expect(res.body).toMatch(/[가-힣]/);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe("addresses", () => {
  /** A path segment: encoded random text, or a raw traversal or broken escape sent as is. */
  const segment = fc.oneof(
    nasty.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ""))),
    fc.constantFrom(
      "..",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2f%2e%2e%2f",
      "..%5C..%5C",
      "%00",
      "%",
      "%E0%A4%A",
      "%C0%AF",
      "a".repeat(3000),
      "ABCDEFGHIJKL",
      "abc123def456-640.avif",
      "..%2Fsite.db",
    ),
  );
  const pathTemplates = [
    (s: string) => `/anyang/press/${s}`,
    (s: string) => `/${s}/press`,
    (s: string) => `/${s}/press/rss.xml`,
    (s: string) => `/media/press/${s}`,
    (s: string) => `/b/${s}`,
    (s: string) => `/${s}`,
    (s: string) => `/Brand/${s}`,
    (s: string) => `/assets/${s}`,
    (s: string) => `/admin/press/${s}`,
  ];

  test("any route parameter answers a page or a Korean refusal, never a 500, never a file outside the site", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pathTemplates), segment, async (template, s) => {
        const path = template(s);
        const res = await rawRequest(server, { path, headers: { Cookie: cookie } });
        expectSafe(answerOf(res), path.slice(0, 200));
        expect(res.body).not.toMatch(/root:x:0:0|SQLite format/);
        const location = res.headers.location;
        if (location) expect(location).toMatch(/^\/(?![/\\])|^http:\/\/localhost:/);
      }),
      { numRuns: 100 },
    );
  });

  const query = fc.oneof(
    nasty.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ""))),
    fc.constantFrom(
      "9".repeat(400) + "-abc",
      "-1-",
      "1700000000000-",
      "1700000000000-%27%20OR%201%3D1",
      "99999999999999999999-zzzzzzzzzzzz",
      "1e400-x",
      "%",
      "NaN-NaN",
    ),
  );
  const queryTemplates = [
    (q: string) => `/anyang/press?after=${q}`,
    (q: string) => `/anyang/press.data?after=${q}`,
    (q: string) => `/admin/leads?q=${q}&from=${q}&to=${q}&kind=${q}&status=${q}&page=${q}`,
    (q: string) => `/admin/leads.csv?q=${q}&from=${q}`,
    (q: string) => `/admin/channels?from=${q}&to=${q}&site=${q}`,
    (q: string) => `/admin/channels.csv?from=${q}&to=${q}`,
    (q: string) => `/admin/channels/funnel.csv?from=${q}&to=${q}&site=${q}`,
    (q: string) => `/admin/press?page=${q}&created=${q}`,
    (q: string) => `/admin/login?redirectTo=${q}`,
    (q: string) => `/api/visit-slots?from=${q}&date=${q}`,
    (q: string) => `/Brand/intro?${q}=${q}`,
    (q: string) => `/FloorPlan/videos?tab=${q}`,
  ];

  test("any query string, forged page cursors included, answers without a 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...queryTemplates), query, async (template, q) => {
        const path = template(q);
        const res = await rawRequest(server, { path, headers: { Cookie: cookie } });
        expectSafe(answerOf(res), path.slice(0, 200));
      }),
      { numRuns: 100 },
    );
  });
});
