/*
 * The registration popup once the page's script has arrived: the popup itself opens and closes from
 * the first paint (app/inline/popup.ts); this enhances the visit form of each opening
 * (app/enhance/lead-form.ts: checked in place, sent without leaving the page, "확인" closing the
 * popup), the one shown before the script arrived included. The form's code is fetched on the first
 * sign of intent; unreachable, the form posts itself.
 */
import { POPUP_FORM_EVENT, POPUP_TEMPLATE_ID, REGISTER_TRIGGER } from "~/lib/before-script";

type LeadFormModule = typeof import("../lead-form");
let leadForm: Promise<LeadFormModule | null> | undefined;

function loadLeadForm(): Promise<LeadFormModule | null> {
  leadForm ??= import("../lead-form").catch(() => {
    leadForm = undefined; // offline for now: try again at the next opening
    return null;
  });
  return leadForm;
}

function enhanceForm(form: HTMLFormElement) {
  void loadLeadForm().then((mod) => {
    const dialog = form.closest("dialog");
    if (mod && form.isConnected) mod.enhanceLeadForm(form, { onClose: () => dialog?.close() });
  });
}

const isTrigger = (event: Event) =>
  Boolean((event.target as Element | null)?.closest?.(`a[${REGISTER_TRIGGER}]`));

export function enhancePopup() {
  if (!document.getElementById(POPUP_TEMPLATE_ID)) return;
  document.addEventListener(POPUP_FORM_EVENT, (event) => {
    if (event.target instanceof HTMLFormElement) enhanceForm(event.target);
  });
  // Opened before the script arrived.
  const open = document.querySelector<HTMLFormElement>("dialog[open] [data-popup-form] form");
  if (open) enhanceForm(open);
  // First sign of intent: fetch the form's code, so the popup's form is ready as it opens.
  const preload = (event: Event) => {
    if (isTrigger(event)) void loadLeadForm();
  };
  document.addEventListener("pointerover", preload, { passive: true });
  document.addEventListener("focusin", preload);
}
