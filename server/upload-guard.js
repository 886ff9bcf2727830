// @ts-check
/*
 * Large uploads are checked on their headers, before a byte of their body is read (issue 38,
 * item 3): server/body-limit.js once held a body in memory before the application ran, up to
 * 201 MB for a film, so ten anonymous 199 MB posts took the server from 209 MB to 2.6 GB, each
 * answered 403 only after its last byte. Bodies now stream (decisions/047), and this still spares
 * the reading, and the disk, of a post nobody may send.
 *
 * A POST to an address that takes more than anyone may send (bodyLimitFor above BODY_LIMIT: the
 * console and the press pages) whose headers announce more than BODY_LIMIT, or do not say how much
 * (chunked), goes on only when
 *   1. its Origin, when sent, is the site's own (the same check as sameOriginPosts, made early),
 *   2. its cookie carries a signed-in administrator's session (ServerEntry adminSessionOf),
 *   3. that administrator's role lets them post a large body somewhere (a 상담원's never does:
 *      the lead desk reads 64 KB at most; app/auth/access.server.ts mayPostLargeBodies), and
 *   4. for an address that takes files (body-limit.js takesFiles: pictures, films, notices, zips,
 *      press photos), fewer than UPLOADS_PER_ACCOUNT uploads of that account, and fewer than
 *      UPLOADS_AT_ONCE in all, are being received. Another large console post (the content form
 *      carries the whole draft) passes 1–3 but is not counted: a save while two pictures upload
 *      is no third upload.
 * Otherwise it is answered at once (403, 401, the 404 the route would answer that role, or 503 with
 * Retry-After), with `Connection: close`, and its body is never read: the answer is not held back
 * for it (afterBody's draining is for a body that was accepted and passed its limit). A signed-out request whose headers announce at
 * most BODY_LIMIT goes on as before: the sign-in forms (/admin/login, /<site>/press) post that
 * much, and an action's own guard sends a session that ended to the sign-in page.
 */
import { announcesLargeBody, BODY_LIMIT, bodyLimitFor, takesFiles } from "./body-limit.js";
import { foreignOrigin } from "./guards.js";

/** Uploads one administrator may have being received at once (a film and its captions). */
export const UPLOADS_PER_ACCOUNT = 2;
/**
 * Uploads being received at once in all: each streams to a temporary file (up to 201 MB on disk,
 * app/http/streamed-form.server.ts), and a picture, panorama or notice is then drawn in memory.
 */
export const UPLOADS_AT_ONCE = 4;
/** What a 503 for a busy upload asks the sender to wait (Retry-After, seconds). */
export const UPLOAD_RETRY_SECONDS = 30;

export const UPLOAD_MESSAGES = {
  perAccount: (most = UPLOADS_PER_ACCOUNT) =>
    `이 계정으로 이미 파일 ${most}개를 올리고 있습니다. 올리던 파일이 끝난 뒤 다시 올려 주세요.`,
  atOnce: (seconds = UPLOAD_RETRY_SECONDS) =>
    `지금 올리는 중인 파일이 많습니다. ${seconds}초쯤 뒤에 다시 올려 주세요.`,
};

/**
 * Hands the request on with an empty body (`req.body`, which limitBody then leaves alone) while its
 * real body is read and dropped as it comes, up to the path's limit; past it the connection is cut.
 * @param {import("express").Request} req
 * @param {() => void} next
 */
function dropBody(req, next) {
  const limit = bodyLimitFor(req.path, req.method);
  let received = 0;
  req.on("data", (/** @type {Buffer} */ chunk) => {
    received += chunk.length;
    if (received > limit) req.destroy();
  });
  req.resume();
  req.body = Buffer.alloc(0);
  next();
}

/**
 * Middleware, before limitBody. `adminOf(cookieHeader)`: the signed-in administrator the cookie
 * carries (their account id, and whether their role may post a large body anywhere), or null.
 * `refuse` is server/error-page.js's; its `unread` answers at once and closes the connection
 * without reading the body.
 * @param {{
 *   adminOf: (cookie: string | undefined) => Promise<{ accountId: string, mayUpload: boolean } | null>,
 *   requestOrigin: (req: import("express").Request) => string,
 *   refuse: import("./error-page.js").Refuse,
 *   perAccount?: number,
 *   atOnce?: number,
 * }} options
 * @returns {import("express").RequestHandler}
 */
export function guardUploads({
  adminOf,
  requestOrigin,
  refuse,
  perAccount = UPLOADS_PER_ACCOUNT,
  atOnce = UPLOADS_AT_ONCE,
}) {
  /** Uploads being received, per account. */
  /** @type {Map<string, number>} */
  const receiving = new Map();
  let total = 0;

  return (req, res, next) => {
    if (req.method !== "POST" || bodyLimitFor(req.path, req.method) <= BODY_LIMIT) return next();
    if (!announcesLargeBody(req)) return next();
    const log = foreignOrigin(req, requestOrigin);
    if (log !== null) return refuse(req, res, 403, { log, unread: true });
    adminOf(req.headers.cookie).then(
      (admin) => {
        if (res.headersSent || req.destroyed) return;
        if (admin === null) {
          if (takesFiles(req.path)) return refuse(req, res, 401, { unread: true });
          // A form that takes no file (the content form's save or autosave) after its sign-in
          // ended: its route answers as it does for any signed-out request (the sign-in page, the
          // autosave's "다시 로그인해 주세요", in React Router's own format), given no body. The
          // body is dropped as it arrives, never held, and the connection cut past the path's limit.
          return dropBody(req, next);
        }
        if (!admin.mayUpload) return refuse(req, res, 404, { unread: true });
        if (!takesFiles(req.path)) return next();
        const adminId = admin.accountId;
        const mine = receiving.get(adminId) ?? 0;
        if (mine >= perAccount || total >= atOnce) {
          return refuse(req, res, 503, {
            unread: true,
            retryAfter: UPLOAD_RETRY_SECONDS,
            message:
              mine >= perAccount
                ? UPLOAD_MESSAGES.perAccount(perAccount)
                : UPLOAD_MESSAGES.atOnce(),
            log: mine >= perAccount ? undefined : `업로드 ${atOnce}개를 받는 중`,
          });
        }
        receiving.set(adminId, mine + 1);
        total += 1;
        // Until its answer is sent or its connection closes, whichever comes first.
        res.once("close", () => {
          total -= 1;
          const left = (receiving.get(adminId) ?? 1) - 1;
          if (left > 0) receiving.set(adminId, left);
          else receiving.delete(adminId);
        });
        next();
      },
      (error) => {
        console.error(
          `[500] ${req.method} ${req.originalUrl.slice(0, 200)}: 로그인 확인 실패`,
          error,
        );
        if (!res.headersSent) refuse(req, res, 500, { unread: true });
      },
    );
  };
}
