import { redirect } from "react-router";
import { content } from "~/content";
import type { Route } from "./+types/alias.redirect";

/** Other spellings of a page's path answer with a permanent redirect to the canonical one. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = content.redirects.find((r) => r.from === url.pathname);
  if (!target) throw new Response("Not Found", { status: 404 });
  return redirect(target.to + url.search, 301);
}
