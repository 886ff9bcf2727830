/*
 * Which apartment complex ("site") a request is for. This is the one place that decides it: every
 * loader and action that reads or writes a complex's data starts with `requestSiteId(request)` and
 * passes the id down to the services, which take it as their first argument (after a connection,
 * where they take one).
 *
 * For now every request is for the default complex (DEFAULT_SITE, else "anyang"). Host-name routing
 * replaces the body of requestSiteId (the complex of the request's host), not its callers.
 */
import { env } from "~/env.server";

/** The complex of a request. */
export function requestSiteId(request: Request): string {
  void request;
  return env().DEFAULT_SITE;
}
