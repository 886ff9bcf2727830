/*
 * The registration popup, from the first paint. Its markup waits in <template id="registration-popup">
 * (components/registration/registration-dialog.tsx); a plain click on a trigger
 * (`a[data-register-trigger]`, a link to /register) inserts the dialog once and opens it with a
 * fresh copy of the visit form, whose `source` is this page. Opening pushes a history entry, so
 * Back closes the popup and Forward opens it again (docs/decisions/003-popup-history-entry.md).
 *
 * The dialog's rules are in the page's stylesheets, which come after the first screen: the first
 * opening brings them in and waits for them (at most STYLESHEET_WAIT_MS), the trigger marked busy
 * meanwhile. The form posts itself until the page's script has arrived and enhanced it
 * (POPUP_FORM_EVENT, app/enhance/chrome/popup.ts). With a modifier key, or on a page without the
 * template, the trigger stays a link to the registration page.
 */
import {
  isPlainClick,
  POPUP_FORM_EVENT,
  POPUP_TEMPLATE_ID,
  REGISTER_TRIGGER,
  SHOWN_AT_ATTR,
} from "~/lib/before-script";
import { popOverlayEntry, pushOverlayEntry, watchOverlayHistory } from "./overlay-history";
import { bringStylesheets } from "./stylesheets";

/** Key in `history.state` of the entry pushed while the popup is open. */
const MARKER = "registrationPopup";
const STYLESHEET_WAIT_MS = 2500;

let dialog: HTMLDialogElement | null = null;
let opening = false;

const template = () => document.getElementById(POPUP_TEMPLATE_ID) as HTMLTemplateElement | null;

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

/** The page's stylesheets applied, or STYLESHEET_WAIT_MS gone by. */
function styled(): Promise<void> {
  return Promise.race([
    bringStylesheets(),
    new Promise<void>((resolve) => setTimeout(resolve, STYLESHEET_WAIT_MS)),
  ]);
}

/** Shows the popup with an empty form; false when this page has no popup (the link then leads). */
async function openPopup(trigger: HTMLElement | null, fromHistory = false): Promise<boolean> {
  const source = template();
  const shown = source && popupDialog(source);
  if (!source || !shown) return false;
  if (opening || shown.open) return true;
  opening = true;
  trigger?.setAttribute("aria-busy", "true");
  try {
    // The tap's own frame shows the trigger busy; the dialog comes in the next one. showModal()
    // makes the rest of the page inert, a style pass over the whole document (60 ms on a phone at
    // 4× slowdown): in the tap's frame it held the first answer to the tap back 200 ms (INP,
    // scripts/bench-inp.mjs), 100 ms past the budget.
    await Promise.all([styled(), nextFrame()]);
    // Each opening starts with an empty form: a fresh copy from the template.
    const slot = shown.querySelector("[data-popup-form]");
    const fresh = source.content.querySelector("[data-popup-form]")?.cloneNode(true) as
      | HTMLElement
      | undefined;
    if (slot && fresh) slot.replaceWith(fresh);
    const form = shown.querySelector<HTMLFormElement>("[data-popup-form] form");
    const sourceField = form?.elements.namedItem("source");
    if (sourceField instanceof HTMLInputElement) sourceField.value = location.pathname;
    form?.setAttribute(SHOWN_AT_ATTR, String(Date.now()));
    shown.showModal();
    form?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
    if (!fromHistory) pushOverlayEntry(MARKER);
    form?.dispatchEvent(new Event(POPUP_FORM_EVENT, { bubbles: true }));
    return true;
  } finally {
    opening = false;
    trigger?.removeAttribute("aria-busy");
  }
}

/** Resolves once the next frame has been painted (a task queued from inside that frame). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function triggerOf(event: Event): HTMLAnchorElement | null {
  return (event.target as Element | null)?.closest?.(`a[${REGISTER_TRIGGER}]`) ?? null;
}

export function popupFromFirstPaint(): void {
  if (!template()) return;
  watchOverlayHistory(MARKER, (open) => {
    if (open) void openPopup(null, true);
    else if (dialog?.open) dialog.close();
  });
  document.addEventListener("click", (event) => {
    const trigger = triggerOf(event);
    if (!trigger || !isPlainClick(event)) return;
    event.preventDefault();
    void openPopup(trigger).then((opened) => {
      if (!opened) location.assign(trigger.href);
    });
  });
  // A role="button" link: Space activates it as it does a button.
  document.addEventListener("keydown", (event) => {
    const trigger = event.key === " " ? triggerOf(event) : null;
    if (!trigger) return;
    event.preventDefault();
    trigger.click();
  });
}
