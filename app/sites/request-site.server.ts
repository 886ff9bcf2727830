/*
 * Which apartment complex ("site") a request is for, as an id: every loader and action that reads or
 * writes a complex's data starts with `requestSiteId(request)` (or `siteOf(request)` for its
 * content) and passes the id down to the services, which take it as their first argument (after a
 * connection, where they take one). The request's host name decides (app/sites/registry.server.ts).
 */
import { siteOf } from "./registry.server";

/** The complex of a request. */
export function requestSiteId(request: Request): string {
  return siteOf(request).id;
}
