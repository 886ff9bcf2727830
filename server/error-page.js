// @ts-check
/*
 * Answers for requests the server refuses before the application sees them (400 undecodable
 * address, 401 a large upload without a session, 403 foreign origin, 404 a large upload from a role
 * whose pages take none, 405 method, 413 body too large, 503 too many uploads at once) and for its own failures (500):
 * a Korean page in the site's style — the markup of the root ErrorBoundary, with no script, so
 * nothing of the request reaches React Router — or, for a script's data request (`.data`), one
 * line of Korean text, which the lead forms turn into their failure message.
 */

import {
  afterBody,
  FILE_BODY_LIMITS,
  fileUploadKind,
  MEDIA_BODY_LIMIT,
  MEDIA_UPLOAD_PATH,
  UPLOAD_BODY_LIMIT,
} from "./body-limit.js";
import { HOOK_PATH } from "./guards.js";

/** @typedef {import("express").Request} Request */
/** @typedef {import("express").Response} Response */
/**
 * A complex's facts for its error pages: sitesForServer's `facts(id)` and the root route's
 * stylesheets from the build's manifest.
 * @typedef {ReturnType<import("../app/entry.server").ServerEntry["sitesForServer"]["facts"]> & { stylesheets: string[] }} SiteFacts
 */
/**
 * `allow`: the methods of a 405; `limit`: the body limit a 413 passed; `log`: a line for the operator;
 * `message`: said instead of the status's own; `retryAfter`: seconds, sent as Retry-After; `unread`:
 * answered at once and the connection closed, the body left unread (server/upload-guard.js: a
 * refusal on the headers of a large upload), rather than after the body is read (afterBody).
 * @typedef {{ allow?: string[], limit?: number, log?: string, message?: string, retryAfter?: number, unread?: boolean }} RefusalDetails
 */
/** @typedef {(req: Request, res: Response, status: number, details?: RefusalDetails) => void} Refuse */

const escapeHtml = (/** @type {unknown} */ s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function size(/** @type {number} */ bytes) {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${bytes / 1024}KB`;
}

/** What each console file upload takes, as its messages name it (app/lib/file-upload.ts FILE_LIMITS). */
const FILE_WHAT = { panorama: "파노라마", video: "영상", captions: "자막", pdf: "모집공고" };

/**
 * A console file upload's refusal for size, as the console says it before sending
 * (app/lib/file-upload.ts FILE_MESSAGES.tooLarge, which server/error-page.test.js holds it to).
 * @param {keyof typeof FILE_BODY_LIMITS} kind
 */
export function fileTooLarge(kind) {
  const most = FILE_BODY_LIMITS[kind] / 1024 / 1024 - 1;
  return `${FILE_WHAT[kind]} 파일은 ${most}MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.`;
}

/**
 * Title and message per status; `failed` is the lead forms' catalogue failure message, `path` the
 * request's (a console upload's 413 names its own limit).
 * @param {number} status
 * @param {{ failed?: string, limit?: number, path?: string }} [context]
 * @returns {{ title: string, message: string }}
 */
export function refusalText(status, { failed, limit = 0, path = "" } = {}) {
  switch (status) {
    case 400:
      return {
        title: "잘못된 주소입니다",
        message:
          "주소에 쓸 수 없는 문자가 들어 있습니다. 주소를 확인하시거나 첫 화면에서 다시 찾아 주세요.",
      };
    case 401:
      // The console's upload slots say their own SESSION_ENDED for a 401 (use-upload.tsx).
      return {
        title: "로그인이 필요합니다",
        message:
          "로그인이 끝났거나 로그인하지 않아 보내신 내용을 받지 않았습니다. 다시 로그인한 뒤 보내 주세요.",
      };
    case 403:
      return {
        title: "요청을 처리하지 못했습니다",
        message: `${failed} 보내신 내용은 저장되지 않았습니다. 페이지를 새로 고친 뒤 다시 보내 주세요.`,
      };
    case 404:
      // The root ErrorBoundary's (app/root.tsx): what the route answers a role it is not for.
      return {
        title: "페이지를 찾을 수 없습니다",
        message: "주소가 바뀌었거나 없는 페이지입니다. 아래 버튼으로 첫 화면으로 이동해 주세요.",
      };
    case 405:
      return {
        title: "허용되지 않는 요청입니다",
        message: "이 주소에서는 페이지 보기와 양식 보내기만 할 수 있습니다.",
      };
    case 413: {
      const kind = fileUploadKind(path);
      if (kind) return { title: "보내신 파일이 너무 큽니다", message: fileTooLarge(kind) };
      return {
        title: "보내신 내용이 너무 큽니다",
        message:
          limit >= MEDIA_BODY_LIMIT
            ? // The console's picture upload (app/lib/media-upload.ts MEDIA_MESSAGES.requestTooLarge).
              "사진은 20MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요."
            : limit >= UPLOAD_BODY_LIMIT
              ? `사진은 10MB 이하만 올릴 수 있습니다. 한 번에 보낼 수 있는 크기(${size(limit)})를 넘어 저장되지 않았습니다. 사진을 줄여 다시 보내 주세요.`
              : `한 번에 보낼 수 있는 크기(${size(limit)})를 넘어 저장되지 않았습니다. 내용을 줄여 다시 보내 주세요.`,
      };
    }
    case 503:
      return {
        title: "홈페이지 준비 중입니다",
        message: "이 단지의 홈페이지를 준비하고 있습니다. 곧 찾아뵙겠습니다.",
      };
    default:
      return {
        title: "일시적인 오류가 발생했습니다",
        message: "잠시 후 다시 시도해 주세요.",
      };
  }
}

/**
 * Whether the caller takes JSON rather than a page: `Accept` names application/json before (or
 * without) text/html.
 * @param {Request} req
 */
const wantsJson = (req) => req.accepts(["html", "json"]) === "json";

/**
 * The console's uploads (its pictures, its other files) answer JSON whatever they ask for, in
 * their own shape (`{ ok: false, field: "file", message }`, app/lib/media-upload.ts and
 * app/lib/file-upload.ts).
 * @param {Request} req
 */
const isMediaUpload = (req) =>
  req.path.replace(/\.data$/, "") === MEDIA_UPLOAD_PATH || fileUploadKind(req.path) !== undefined;

/**
 * An inbound hook's refusal code, beside its Korean message: the hooks answer every caller in
 * JSON, `{ ok: false, error, message }` (app/leads/lead-hook.server.ts).
 * @type {Record<number, string>}
 */
const HOOK_ERROR = {
  400: "bad_path",
  401: "unauthorized",
  403: "forbidden",
  405: "method_not_allowed",
  413: "too_large",
  503: "unavailable",
};

/**
 * The complex's logo: its picture, or its name in letters when it has none (app/components/layout/logo.tsx).
 * @param {Pick<SiteFacts, "siteName" | "logo">} site
 */
function logoHtml(site) {
  if (!site.logo)
    return `<span class="logo logo-text" aria-hidden="true">${escapeHtml(site.siteName)}</span>`;
  return `<img class="logo" src="${escapeHtml(site.logo.src)}" width="${site.logo.width}" height="${site.logo.height}" alt=""/>`;
}

/**
 * The page, for the site's facts `{ siteName, phone, telHref, logo, stylesheets }`: stylesheets are
 * the root route's CSS files from the build's manifest, so it looks like the site's own error page
 * (its header reduced to the logo, which links home).
 * @param {number} status
 * @param {{ title: string, message: string }} text
 * @param {Pick<SiteFacts, "siteName" | "phone" | "telHref" | "logo" | "stylesheets">} site
 */
export function errorPageHtml(status, text, site) {
  const links = site.stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}"/>`)
    .join("");
  return `<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"/>\
<meta name="viewport" content="width=device-width, initial-scale=1"/>\
<meta name="robots" content="noindex"/><title>${escapeHtml(text.title)} | ${escapeHtml(site.siteName)}</title>\
<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>${links}</head>\
<body><header class="site-header" data-solid="false"><div class="header-bar">\
<a href="/" class="header-logo" aria-label="${escapeHtml(site.siteName)} 홈">\
${logoHtml(site)}</a>\
</div></header>\
<main id="main"><section class="error-page" style="min-height:100vh" aria-labelledby="error-heading">\
<p class="error-code" aria-hidden="true">${status}</p>\
<h1 id="error-heading">${escapeHtml(text.title)}</h1>\
<p>${escapeHtml(text.message)}</p>\
<p>급한 문의는 대표번호로 연락 주시면 바로 안내해 드립니다.</p>\
<p class="error-actions"><a href="/" class="btn btn-primary">홈으로</a>\
<a href="${escapeHtml(site.telHref)}" class="btn btn-outline">분양문의 ${escapeHtml(site.phone)}</a></p>\
</section></main></body></html>`;
}

/**
 * How long a connection refused `unread` stays open after its answer, for the client to read it
 * (a client still sending reads it while its writes wait), before it is closed.
 */
export const UNREAD_LINGER_MS = 2_000;

/**
 * `siteOf(req)`: the facts of the complex the request is for (its name, phone, logo, stylesheets).
 * `refuse(req, res, status, details)`: answers with the page (or the text line for `.data`, or for
 * a caller that asks for JSON, such as the lead forms' script, the lead answer's JSON
 * `{ ok: false, result: "failed", message }`), `Allow` for 405, `Retry-After` when given, no
 * caching, once the request's body has been read to its end (server/body-limit.js afterBody: an
 * answer that leaves bytes unread can be lost to a reset) — or, `unread`, at once, closing the
 * connection without reading the body (a large upload refused on its headers: reading it is what
 * the refusal is for avoiding; a client that reads while it sends gets the answer). At most one
 * log line, and only where an operator can act on it.
 * @param {(req: Request) => SiteFacts} siteOf
 * @returns {Refuse}
 */
export function createRefuse(siteOf) {
  return function refuse(req, res, status, details = {}) {
    const { allow, limit, log, message, retryAfter, unread } = details;
    const site = siteOf(req);
    // A file upload's own size message is for its POST (a GET's body gets the 64 KB one).
    const path = req.method === "POST" ? req.path : "";
    const text = refusalText(status, { failed: site.failedMessage, limit, path });
    if (retryAfter !== undefined) text.title = "잠시 후 다시 보내 주세요";
    if (message !== undefined) text.message = message;
    if (log) console.warn(`[${status}] ${req.method} ${req.originalUrl.slice(0, 200)}: ${log}`);
    /** @type {(value: unknown) => [string, string]} */
    const json = (value) => ["application/json", JSON.stringify(value)];
    /** The answer's type and body (none to HEAD). @returns {[string, string | undefined]} */
    const content = () => {
      if (isMediaUpload(req)) return json({ ok: false, field: "file", message: text.message });
      if (HOOK_PATH.test(req.path) && req.method !== "HEAD") {
        const error = HOOK_ERROR[status] ?? "server_error";
        return json({ ok: false, error, message: `${text.title}. ${text.message}` });
      }
      if (req.path.endsWith(".data"))
        return ["text/plain; charset=utf-8", `${text.title}. ${text.message}`];
      if (req.method === "HEAD")
        return [wantsJson(req) ? "application/json" : "text/html; charset=utf-8", undefined];
      if (wantsJson(req))
        return json({ ok: false, result: "failed", message: `${text.title}. ${text.message}` });
      return ["text/html; charset=utf-8", errorPageHtml(status, text, site)];
    };
    res.status(status);
    res.set("Cache-Control", "no-store");
    if (allow) res.set("Allow", allow.join(", "));
    if (retryAfter !== undefined) res.set("Retry-After", String(retryAfter));
    const [type, body] = content();
    res.type(type);
    if (!unread) return afterBody(req, () => (body === undefined ? res.end() : res.send(body)));
    // Unread: the whole answer is written now (no-transform: not held back by compression) and
    // the connection is not ended with it, for Node would then close it on the unread body (a
    // reset, which a client still sending may get before the answer: issue 28). Nothing more is
    // read: the body waits in the socket's buffers, the client's writes stall, and it reads the
    // answer. The connection is closed once the client goes, or after UNREAD_LINGER_MS.
    const bytes = Buffer.from(body ?? "");
    res.set({
      Connection: "close",
      "Cache-Control": "no-store, no-transform",
      "Content-Length": String(bytes.length),
    });
    res.write(bytes);
    const socket = req.socket;
    const timer = setTimeout(() => socket.destroy(), UNREAD_LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}
