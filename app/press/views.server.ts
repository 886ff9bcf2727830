/*
 * Which requests for a press detail are a person's view. The detail loader runs once per view: for
 * the document of a full load, or for the `.data` request of a client-side navigation (hydration
 * reuses the document's data, and the route's shouldRevalidate keeps actions elsewhere on the page
 * from running it again). What is left to filter out is requests nobody looks at.
 */
import { isbot } from "isbot";

const PREFETCH = /(^|[\s,;])(prefetch|prerender|preview)([\s,;]|$)/i;

export function isCountableView(request: Pick<Request, "method" | "headers">): boolean {
  if (request.method !== "GET") return false;
  // Link prefetches and speculative loads: Sec-Purpose (Chromium, Firefox), Purpose / X-Purpose
  // (older Chromium, Safari), X-Moz (old Firefox).
  for (const name of ["sec-purpose", "purpose", "x-purpose", "x-moz"]) {
    const value = request.headers.get(name);
    if (value && PREFETCH.test(value)) return false;
  }
  const agent = request.headers.get("user-agent");
  if (agent && isbot(agent)) return false;
  return true;
}
