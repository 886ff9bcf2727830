/*
 * Which apartment complex ("site") a request is for: every loader and action that reads or writes a
 * complex's data resolves it once, at its start, and passes it down: `siteOf(request)` where the
 * services need its content (a lead's slot check, seat, SMS and alerts take the `Site`), or
 * `requestSiteId(request)` where they only touch its rows (they take the id as their first
 * argument, after a connection where they take one). The request's host name decides
 * (app/sites/registry.server.ts).
 */
import { siteOf } from "./registry.server";

/** The complex of a request. */
export function requestSiteId(request: Request): string {
  return siteOf(request).id;
}
