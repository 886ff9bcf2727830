/*
 * The site's chrome on every page (public and administrator's): header menus and scroll state,
 * section tabs, footer, the notice bar, the registration popup, the press list's "더보기", and the record of
 * where the visit came from for the lead forms, and the channel report's beacons.
 */
import { captureAttribution } from "~/components/forms/attribution-store";
import { enhanceChannel } from "./channel";
import { enhanceFooter } from "./chrome/footer";
import { enhanceHeader } from "./chrome/header";
import { enhanceNotice } from "./chrome/notice";
import { enhancePopup } from "./chrome/popup";
import { enhancePressList } from "./chrome/press-list";
import { enhanceSubMenus } from "./chrome/sub-menu";
import { inTurns } from "./events";

let done = false;

/**
 * Listeners go on the document once; the section tabs are looked at again on each call (the
 * administrator's hydrated pages call again after rendering another page).
 */
export async function enhance(): Promise<void> {
  enhanceSubMenus();
  if (done) return;
  done = true;
  await inTurns([
    // Where this visit came from (utm_*, referring site), kept for the lead forms: first, before
    // a quick visitor has left the landing page.
    captureAttribution,
    enhanceChannel,
    enhanceHeader,
    enhanceNotice,
    enhancePopup,
    enhanceFooter,
    enhancePressList,
  ]);
}
