import { replace } from "react-router";
import type { Route } from "./+types/press.redirect";
import { siteOf } from "~/sites/registry.server";

/** /Promotion/Press → the complex's default press list; a client navigation replaces the history entry. */
export function loader({ request }: Route.LoaderArgs) {
  return replace(`/${siteOf(request).press.defaultSite}/press`, 301);
}
