/*
 * In the <head> of every page with the site's chrome, before the page itself is parsed: what must
 * hold from the first paint, long before the page's script arrives (docs/before-the-script.md).
 * On a visit's page (the script's `data-visit`; not the administrator's) it records where the visit
 * came from and counts it for the channel report; on every page it runs the header's scroll state
 * and phone menu.
 */
import { VISIT_ATTR } from "~/lib/before-script";
import { countVisit } from "./channel";
import { headerFromFirstPaint } from "./header";
import { firstTouch } from "./visit";

if (document.currentScript?.hasAttribute(VISIT_ATTR)) {
  const { attribution, landing } = firstTouch(true);
  countVisit(landing, attribution.utm_source ?? "");
}
headerFromFirstPaint();
