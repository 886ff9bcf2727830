/*
 * The client's address, for rate limits and the access log: what the HTTP server saw (`req.ip`,
 * which honours TRUST_PROXY), handed to the application in the load context (server/app.js).
 */

declare module "react-router" {
  interface AppLoadContext {
    /** Client address as the Express server sees it (`req.ip`, honouring `trust proxy`). */
    ip?: string;
  }
}

/** Request's client address: the Express server's `req.ip`, else the first X-Forwarded-For hop. */
export function clientIp(request: Request, context: { ip?: string } | undefined): string {
  if (context?.ip) return context.ip;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || "unknown";
}
