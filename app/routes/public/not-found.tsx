import type { Route } from "./+types/not-found";
import { siteOf } from "~/sites/registry.server";
import { missingPage } from "./page-guard.server";

/**
 * Any path the route table does not know: one of the complex's other spellings of a page answers
 * with a 301; anything else, the root error boundary's Korean Not Found page with 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  missingPage(siteOf(request), new URL(request.url));
}

export default function NotFound() {
  return null;
}
