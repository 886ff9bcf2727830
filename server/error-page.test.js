import { describe, expect, test } from "vitest";
import { FILE_KINDS, FILE_MESSAGES, fileUploadPath } from "../app/lib/file-upload";
import { bodyLimitFor, MEDIA_BODY_LIMIT } from "./body-limit.js";
import { createRefuse, errorPageHtml, fileTooLarge, refusalText } from "./error-page.js";

const site = {
  siteName: "라움하임 <평촌>",
  phone: "1600-0000",
  telHref: "tel:16000000",
  failedMessage: "등록에 실패했습니다. 다시 시도해 주세요.",
  logo: { src: "/img/brand/logo.svg", width: 180, height: 40 },
  stylesheets: ["/assets/root-abc.css"],
};

/** Just enough of Express's response to see what refuse() answers. */
function fakeResponse() {
  const res = { headers: {}, statusCode: 200, body: undefined };
  res.status = (s) => ((res.statusCode = s), res);
  res.set = (k, v) => ((res.headers[k.toLowerCase()] = v), res);
  res.type = (t) => res.set("Content-Type", t);
  res.send = (b) => ((res.body = b), res);
  res.json = (b) => (res.type("application/json"), res.send(JSON.stringify(b)));
  res.end = () => res;
  return res;
}
// `complete`: its body has been read (or it had none), so the answer goes at once.
// `accepts`: what Express's negotiation picks from Accept ("html" for a browser or `*/*`).
const req = (method, path, accepts = "html") => ({
  method,
  path,
  originalUrl: path,
  complete: true,
  accepts: () => accepts,
});

describe("the server's own answers", () => {
  test.each([400, 401, 403, 404, 405, 413, 500])("%i has a Korean title and message", (status) => {
    const text = refusalText(status, { failed: site.failedMessage, limit: 64 * 1024 });
    for (const s of [text.title, text.message]) expect(s).toMatch(/[가-힣]/);
    expect(text.message).not.toMatch(/undefined/);
  });

  test("413 names the limit; 403 carries the forms' failure message", () => {
    expect(refusalText(413, { limit: 64 * 1024 }).message).toContain("64KB");
    expect(refusalText(413, { limit: 11 * 1024 * 1024 }).message).toContain("11MB");
    expect(refusalText(413, { limit: MEDIA_BODY_LIMIT }).message).toBe(
      "사진은 20MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
    );
    expect(refusalText(403, { failed: site.failedMessage }).message).toContain(site.failedMessage);
  });

  test("the page is the site's: Korean, its stylesheet, logo and phone, no script, text escaped", () => {
    const html = errorPageHtml(405, refusalText(405), site);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ko">/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-abc.css"/>');
    expect(html).toContain('src="/img/brand/logo.svg"');
    expect(html).toContain('href="tel:16000000"');
    expect(html).toContain("라움하임 &lt;평촌&gt;");
    expect(html).not.toContain("<script");
  });

  test("refuse() answers a page, or one line of text to a script's .data request, never cached", () => {
    const page = fakeResponse();
    createRefuse(() => site)(req("PUT", "/register"), page, 405, {
      allow: ["GET", "HEAD", "POST"],
    });
    expect(page.statusCode).toBe(405);
    expect(page.headers.allow).toBe("GET, HEAD, POST");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain('<h1 id="error-heading">허용되지 않는 요청입니다</h1>');

    const data = fakeResponse();
    createRefuse(() => site)(req("POST", "/register.data"), data, 413, { limit: 64 * 1024 });
    expect(data.headers["content-type"]).toMatch(/^text\/plain/);
    expect(data.body).toBe(
      `${refusalText(413, { limit: 64 * 1024 }).title}. ${refusalText(413, { limit: 64 * 1024 }).message}`,
    );
  });

  test("refuse() answers a caller that asks for JSON with JSON carrying the Korean message", () => {
    const json = fakeResponse();
    createRefuse(() => site)(req("POST", "/api/leads", "json"), json, 403);
    expect(json.statusCode).toBe(403);
    expect(json.headers["content-type"]).toBe("application/json");
    const text = refusalText(403, { failed: site.failedMessage });
    expect(JSON.parse(json.body)).toEqual({
      ok: false,
      result: "failed",
      message: `${text.title}. ${text.message}`,
    });
  });

  test("the console's picture upload gets its own JSON, whatever it accepts: the field and the message", () => {
    for (const path of ["/admin/media", "/admin/media.data"]) {
      const json = fakeResponse();
      createRefuse(() => site)(req("POST", path, "html"), json, 413, { limit: MEDIA_BODY_LIMIT });
      expect(json.statusCode).toBe(413);
      expect(json.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(json.body)).toEqual({
        ok: false,
        field: "file",
        message: "사진은 20MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
      });
    }
  });

  test.each(FILE_KINDS)(
    "the console's %s upload gets JSON with the console's own size message",
    (kind) => {
      expect(fileTooLarge(kind)).toBe(FILE_MESSAGES.tooLarge(kind));
      const path = fileUploadPath(kind);
      const json = fakeResponse();
      createRefuse(() => site)(req("POST", path, "html"), json, 413, {
        limit: bodyLimitFor(path, "POST"),
      });
      expect(json.statusCode).toBe(413);
      expect(json.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(json.body)).toEqual({
        ok: false,
        field: "file",
        message: FILE_MESSAGES.tooLarge(kind),
      });
    },
  );

  test("an inbound hook gets JSON whatever it accepts: a code and the Korean message", () => {
    const json = fakeResponse();
    createRefuse(() => site)(req("POST", "/hooks/leads/anyang", "html"), json, 413, {
      limit: 64 * 1024,
    });
    expect(json.statusCode).toBe(413);
    expect(json.headers["content-type"]).toBe("application/json");
    const text = refusalText(413, { limit: 64 * 1024 });
    expect(JSON.parse(json.body)).toEqual({
      ok: false,
      error: "too_large",
      message: `${text.title}. ${text.message}`,
    });
    const method = fakeResponse();
    createRefuse(() => site)(req("GET", "/hooks/leads/anyang"), method, 405, { allow: ["POST"] });
    expect(JSON.parse(method.body)).toMatchObject({ ok: false, error: "method_not_allowed" });
  });
});
