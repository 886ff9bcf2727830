/*
 * The registration popup. Its markup waits in <template id="registration-popup"> (rendered by
 * RegistrationPopupTemplate); a click on a trigger (`a[data-register-trigger]`, a link to
 * /register) inserts the dialog once and opens it with a fresh copy of the visit form, which
 * app/enhance/lead-form.ts then enhances. Opening pushes a history entry, so Back closes the popup
 * and Forward opens it again (docs/decisions/003-popup-history-entry.md). Without the template (the
 * administrator's pages, where React owns the document) or with a modifier key, the trigger stays
 * a link to the registration page.
 */
import {
  popOverlayEntry,
  pushOverlayEntry,
  watchOverlayHistory,
} from "~/components/layout/overlay-history";
import { isPlainClick } from "../events";

const TEMPLATE_ID = "registration-popup";
/** Key in `history.state` of the entry pushed while the popup is open. */
const MARKER = "registrationPopup";

type LeadFormModule = typeof import("../lead-form");
let leadForm: Promise<LeadFormModule | null> | undefined;

/** The form's code, fetched on the first sign of intent. Unreachable: the form posts natively. */
function loadLeadForm(): Promise<LeadFormModule | null> {
  leadForm ??= import("../lead-form").catch(() => {
    leadForm = undefined; // offline for now: try again at the next opening
    return null;
  });
  return leadForm;
}

let dialog: HTMLDialogElement | null = null;
let opening = false;

const template = () => document.getElementById(TEMPLATE_ID) as HTMLTemplateElement | null;

/** The dialog in the document, inserted from the template on first use. */
function popupDialog(source: HTMLTemplateElement): HTMLDialogElement | null {
  if (dialog?.isConnected) return dialog;
  const shell = source.content.querySelector("dialog");
  if (!shell) return null;
  const created = shell.cloneNode(true) as HTMLDialogElement;
  created.addEventListener("cancel", (event) => {
    // Escape: closed here, so the history entry is tidied as for the close button.
    event.preventDefault();
    created.close();
  });
  created.addEventListener("click", (event) => {
    // A click on the backdrop (outside the panel) closes; clicks inside land on the panel.
    if (event.target === created) created.close();
    else if ((event.target as Element).closest(".reg-dialog-close")) created.close();
  });
  // However it closed (button, Escape, backdrop, the form's own button, Back): the marker entry
  // goes, unless Back already took it.
  created.addEventListener("close", () => popOverlayEntry(MARKER));
  document.body.append(created);
  dialog = created;
  return created;
}

/** Shows the popup with an empty form; false when this page has no popup (the link then leads). */
async function openPopup(fromHistory = false): Promise<boolean> {
  const source = template();
  const shown = source && popupDialog(source);
  if (!source || !shown) return false;
  if (opening || shown.open) return true;
  opening = true;
  try {
    const mod = await loadLeadForm();
    // Each opening starts with an empty form: a fresh copy from the template.
    const slot = shown.querySelector("[data-popup-form]");
    const fresh = source.content.querySelector("[data-popup-form]")?.cloneNode(true) as
      | HTMLElement
      | undefined;
    if (slot && fresh) slot.replaceWith(fresh);
    const form = shown.querySelector<HTMLFormElement>("[data-popup-form] form");
    const sourceField = form?.elements.namedItem("source");
    if (sourceField instanceof HTMLInputElement) sourceField.value = window.location.pathname;
    if (form && mod) mod.enhanceLeadForm(form, { onClose: () => shown.close() });
    shown.showModal();
    form?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
    if (!fromHistory) pushOverlayEntry(MARKER);
    return true;
  } finally {
    opening = false;
  }
}

function triggerOf(event: Event): HTMLAnchorElement | null {
  return (event.target as Element | null)?.closest?.("a[data-register-trigger]") ?? null;
}

export function enhancePopup() {
  if (!template()) return;
  watchOverlayHistory(MARKER, (open) => {
    if (open) void openPopup(true);
    else if (dialog?.open) dialog.close();
  });
  document.addEventListener("click", (event) => {
    const trigger = triggerOf(event);
    if (!trigger) return;
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void openPopup().then((opened) => {
      if (!opened) window.location.assign(trigger.href);
    });
  });
  // A role="button" link: Space activates it as it does a button.
  document.addEventListener("keydown", (event) => {
    const trigger = event.key === " " ? triggerOf(event) : null;
    if (!trigger) return;
    event.preventDefault();
    trigger.click();
  });
  // First sign of intent: fetch the form's code, so the popup opens without waiting for it.
  const preload = (event: Event) => {
    if (triggerOf(event)) void loadLeadForm();
  };
  document.addEventListener("pointerover", preload, { passive: true });
  document.addEventListener("focusin", preload);
}
