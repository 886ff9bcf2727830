/*
 * What the code inline in a public page (app/inline, running from the first paint) and the page's
 * script (app/enhance, arriving after the largest picture) share: the marks and events by which the
 * script takes over what the inline code began (docs/before-the-script.md).
 */

/**
 * The attribute on a button or registration link a visitor pressed before the page's script had
 * attached its behaviour: the starter (app/inline/starter.ts) sets it and holds the click,
 * app/enhance/main.ts presses the element again once the areas have attached.
 */
export const EARLY_TAP = "data-early-tap";

/**
 * Marks an element whose `tel:` href, text and aria-label carry the complex's number: the inline
 * code swaps it for a visit's ad-source number (app/inline/after-chrome.ts, lib/source-phone.ts).
 */
export const PHONE_ATTR = "data-phone";
/** The lead form's hidden field with the number the visitor was shown. */
export const SHOWN_PHONE_FIELD = "shownPhone";

/** A link that opens the registration popup (components/registration/registration-context.tsx). */
export const REGISTER_TRIGGER = "data-register-trigger";
/** Element id of the <template> that holds the popup until its first opening. */
export const POPUP_TEMPLATE_ID = "registration-popup";
/**
 * The event the popup's form sends (it bubbles) each time the popup opens with a fresh copy of the
 * form (app/inline/popup.ts); the page's script enhances the form (app/enhance/chrome/popup.ts).
 */
export const POPUP_FORM_EVENT = "app:popup-form";
/** On the popup's form: when it was shown (ms since the epoch), which its fill time counts from. */
export const SHOWN_AT_ATTR = "data-shown-at";

/**
 * The event the inline code sends on each tap of a `tel:` link, after counting it for the channel
 * report; the ad tags (app/enhance/tracking.ts) send their call events for it. Taps made before
 * the tags' module arrived are counted in `TEL_TAPS_ATTR` on <html>.
 */
export const TEL_TAP_EVENT = "app:tel";
export const TEL_TAPS_ATTR = "data-tel-taps";

/**
 * On the inline script of a page that is a visit's (a public page, not the administrator's): it
 * records where the visit came from and counts it for the channel report.
 */
export const VISIT_ATTR = "data-visit";

/**
 * A plain left click, without a key that asks the browser for a new tab or window. Only such a
 * click is taken over by a page's behaviour; any other keeps the link's own meaning.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
