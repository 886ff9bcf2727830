/*
 * The site's chrome on every page (public and administrator's): the desktop dropdown's Escape and
 * patience, the to-top button, section tabs, footer, the notice bar, the registration popup and the
 * press list's "더보기". What must not wait for this (where the visit came from, the channel
 * counts, the header's scroll state, the phone menu) runs inline from the first paint (app/inline).
 */
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
  await inTurns([enhanceHeader, enhanceNotice, enhancePopup, enhanceFooter, enhancePressList]);
}
