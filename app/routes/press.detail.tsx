import { redirect } from "react-router";
import type { Route } from "./+types/press.detail";
import { content } from "~/content";

/** Press detail comes with the press issue; until then every id is "missing", which goes to the list. */
export function loader({ params }: Route.LoaderArgs) {
  const site = content.press.sites.includes(params.site) ? params.site : content.press.defaultSite;
  return redirect(`/${site}/press`);
}

export default function PressDetail() {
  return null;
}
