/*
 * After the footer, the popup's <template> and every form of a visit's page (root.tsx): the number
 * shown and the forms' hidden fields, set before the first paint.
 *
 * A number per ad source (content `phoneBySource`, lib/source-phone.ts): pages are rendered with
 * `identity.phone`; a visit whose first touch came with a mapped utm_source sees its number instead:
 * the marked elements' `tel:` href, text and aria-label are swapped in place (the elements stay, so
 * focus does). The script's data-phones and data-default carry the page's numbers.
 *
 * Every lead form, the popup's included, gets the visit's first touch (utm_*, referring host) and
 * the number shown in its hidden fields, so a form sent before the page's script has arrived (or
 * without it) records both.
 *
 * And the registration popup's triggers open it from the first paint (./popup.ts).
 */
import { ATTRIBUTION_FIELDS, type AttributionField } from "~/lib/attribution";
import { PHONE_ATTR, SHOWN_PHONE_FIELD } from "~/lib/before-script";
import { popupFromFirstPaint } from "./popup";
import { keptTouch } from "./visit";

const script = document.currentScript;
const attribution = keptTouch();

function sourceNumber(): string | null {
  const phones: unknown = JSON.parse(script?.getAttribute("data-phones") ?? "null");
  const key = attribution.utm_source?.trim().toLowerCase() ?? "";
  if (!phones || typeof phones !== "object" || !Object.prototype.hasOwnProperty.call(phones, key))
    return null;
  const phone = (phones as Record<string, unknown>)[key];
  return typeof phone === "string" ? phone : null;
}

const shown = sourceNumber();
const fallback = script?.getAttribute("data-default") ?? "";
const swapping = shown && fallback && shown !== fallback;
const swap = (text: string) => (swapping ? text.split(fallback).join(shown) : text);

function set(root: ParentNode) {
  if (swapping) {
    for (const el of root.querySelectorAll(`[${PHONE_ATTR}]`)) {
      if (/^tel:/.test(el.getAttribute("href") ?? ""))
        el.setAttribute("href", `tel:${shown.replace(/[^0-9+]/g, "")}`);
      const label = el.getAttribute("aria-label");
      if (label) el.setAttribute("aria-label", swap(label));
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (node.nodeValue?.includes(fallback)) node.nodeValue = swap(node.nodeValue);
    }
  }
  for (const form of root.querySelectorAll("form[data-lead-form]")) {
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')) {
      if (input.name === SHOWN_PHONE_FIELD && swapping) input.value = shown;
      else if ((ATTRIBUTION_FIELDS as readonly string[]).includes(input.name))
        input.value = attribution[input.name as AttributionField] ?? "";
    }
  }
}

try {
  set(document);
  for (const template of document.querySelectorAll("template")) set(template.content);
} catch {
  // A page that shows the default number and sends its forms without the visit's source.
}

popupFromFirstPaint();
