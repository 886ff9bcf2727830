import { normalizePhone } from "~/lib/phone";
import type { LeadActionData, LeadVariant } from "~/leads/lead-result";
import { enhanceVisitSlots, type SlotPicker } from "./visit-slots";
import { SHOWN_AT_ATTR } from "~/lib/before-script";
import { LEAD_EVENT, type LeadEventDetail } from "./events";
import {
  focusFirstInvalid,
  renderedErrors,
  renderField,
  showErrors,
  type FieldMessages,
  type FieldName,
} from "./lead-form/field-messages";
import { setBusy, showOutcome, type OutcomeView } from "./lead-form/outcome";
import { formValues, newIdempotencyKey, post } from "./lead-form/sending";

/*
 * The lead forms in the browser (markup: app/components/forms/lead-form.tsx). Every form works
 * without this: it is a native POST to its route's action. With it:
 *  - the form is checked with the rules the server uses (~/lib/lead-form, with zod: loaded on the
 *    form's first focus or input, never with the page); messages appear when the form is sent,
 *    never while the visitor moves between fields (a message appearing on blur would push the
 *    field below away from a click under way). While the visitor corrects a field its message
 *    goes, and its space stays until the next send, so nothing below moves. The first bad field
 *    takes the focus.
 *  - it is sent without leaving the page, to the action's JSON twin (app/routes/endpoints/api.leads.ts),
 *    with an idempotency key per form display (a double click or a resend is one lead) and the fill
 *    time; where the visit came from is in its hidden fields already (app/inline/after-chrome.ts).
 *  - the answer is shown: success (the fields cleared), failure, too many requests, or a lost
 *    connection, where what the visitor typed always stays. An answer that is not the action's
 *    (a proxy's 502 page) is a failure, never a success.
 *  - the popup variant shows the result in place of the form, with "다시 입력하기" after a
 *    failure and "확인" (the popup's `onClose`) after a success.
 *  - the message counter, the phone number written in its usual form on leaving the field, and
 *    the live visit slot picker (./visit-slots.ts).
 * This is one form's state and its events; the field messages are in ./lead-form/field-messages.ts,
 * the busy button and the answer shown in ./lead-form/outcome.ts, the sending in
 * ./lead-form/sending.ts.
 */

type Rules = typeof import("~/leads/lead-form");

let rulesModule: Promise<Rules> | null = null;
/** The form rules (zod): one chunk, loaded once, on the first form interaction. */
function loadRules(): Promise<Rules> {
  rulesModule ??= import("~/leads/lead-form").catch((error: unknown) => {
    rulesModule = null; // try again next time (the chunk may have failed offline)
    throw error;
  });
  return rulesModule;
}

type Form = FieldMessages &
  OutcomeView & {
    busy: boolean;
    shownAt: number;
    slots: SlotPicker | null;
  };

const forms = new WeakMap<HTMLFormElement, Form>();

/**
 * When the visitor first saw the form, which its fill time counts from (a submission faster than
 * MIN_FILL_MS is a bot's and is not stored): the popup's opening (app/inline/popup.ts), else the
 * page's own start. Not this script's arrival: a visitor may have typed for seconds before it came.
 */
function shownAt(form: HTMLFormElement): number {
  const popup = Number(form.getAttribute(SHOWN_AT_ATTR));
  return popup > 0 ? popup : Math.round(performance.timeOrigin);
}

function hidden(form: HTMLFormElement, name: string): HTMLInputElement {
  let input = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
  if (!input) {
    input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    form.prepend(input);
  }
  return input;
}

/** A field that shows a message is checked again: the message follows the correction. */
function recheck(f: Form, field: FieldName) {
  if (!f.errors[field]) return;
  void loadRules().then(
    (rules) => {
      if (!f.errors[field]) return;
      const parsed = rules.parseLeadForm(formValues(f.form));
      const message = parsed.ok ? undefined : parsed.errors[field];
      if (message) f.reserved[field] = message;
      if (f.errors[field] === message) return;
      if (message) f.errors[field] = message;
      else delete f.errors[field];
      renderField(f, field);
    },
    () => undefined,
  );
}

function clearFields(f: Form) {
  f.form.reset();
  // A page answered for a POST has the refused input as default values: empty means empty.
  for (const el of f.form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[name="name"], input[name="phone"], textarea[name="message"]',
  ))
    el.value = "";
  for (const el of f.form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'))
    el.checked = false;
  updateCount(f);
}

async function send(f: Form) {
  const form = f.form;
  let rules: Rules | null = null;
  try {
    rules = await loadRules();
  } catch {
    // The rules did not load (offline?): the server checks the form anyway.
  }
  if (rules) {
    const parsed = rules.parseLeadForm(formValues(form));
    if (!parsed.ok) {
      showErrors(f, parsed.errors);
      showOutcome(f, null);
      focusFirstInvalid(form, parsed.errors);
      return;
    }
  }
  hidden(form, "fillMs").value = String(Date.now() - f.shownAt);
  const key = hidden(form, "idempotencyKey");
  if (!key.value) key.value = newIdempotencyKey();
  // The popup is on every page: the lead comes from the page it was opened on.
  if (f.variant === "popup") hidden(form, "source").value = location.pathname;
  showErrors(f, {});
  showOutcome(f, null);

  setBusy(f, true);
  let answer: LeadActionData;
  try {
    answer = await post(f.form, f.variant);
  } finally {
    setBusy(f, false);
  }
  if (answer.result === "invalid") {
    showErrors(f, answer.errors);
    const v = answer.values;
    // A slot that was taken meanwhile comes back with the next free one chosen instead.
    if (v && answer.errors.visitSlot) f.slots?.set({ date: v.visitDate, time: v.visitTime });
    f.slots?.refresh();
    requestAnimationFrame(() => focusFirstInvalid(form, answer.errors));
    return;
  }
  if (answer.result === "success") {
    // A registration the server stored now: the ad tags' lead event (./tracking.ts), if any.
    if (answer.conversion) {
      const detail: LeadEventDetail = answer.conversion;
      document.dispatchEvent(new CustomEvent(LEAD_EVENT, { detail }));
    }
    clearFields(f);
    f.slots?.set({ date: "", time: "" });
    key.value = newIdempotencyKey();
    f.shownAt = Date.now();
  }
  f.slots?.refresh();
  showOutcome(f, answer.result, answer.ok ? answer.visit : undefined);
}

function updateCount(f: Form) {
  const count = f.form.querySelector<HTMLElement>("[data-lead-count]");
  const message = f.form.querySelector<HTMLTextAreaElement>('textarea[name="message"]');
  if (!count || !message) return;
  const max = Number(count.dataset.leadCount);
  const length = message.value.length;
  count.textContent = `${length.toLocaleString("ko-KR")} / ${max.toLocaleString("ko-KR")}자`;
  if (length > max) count.dataset.over = "true";
  else count.removeAttribute("data-over");
}

/**
 * Enhances one lead form (idempotent). The popup calls it on its form after putting it in the
 * dialog; `onClose` is what the "확인" button under its success message does.
 */
export function enhanceLeadForm(
  form: HTMLFormElement,
  options: { onClose?: () => void } = {},
): void {
  const known = forms.get(form);
  if (known) {
    if (options.onClose) {
      known.onClose = options.onClose;
      // The popup opened again on the same form after a registration: a new, empty form.
      if (known.form.hidden && known.result?.dataset.outcome === "success") {
        showErrors(known, {});
        showOutcome(known, null);
        known.form.hidden = false;
        known.shownAt = Date.now();
      }
    }
    return;
  }
  const variant: LeadVariant = form.dataset.variant === "popup" ? "popup" : "inquiry";
  const wrapper = form.closest(".lead-form");
  const errors = renderedErrors(form);
  const f: Form = {
    form,
    variant,
    uid: form.dataset.uid ?? "lead",
    result: wrapper?.querySelector<HTMLElement>("[data-lead-result]") ?? null,
    submit: form.querySelector<HTMLButtonElement>('button[type="submit"]'),
    errors,
    reserved: { ...errors },
    busy: false,
    shownAt: shownAt(form),
    onClose: options.onClose,
    slots: null,
  };
  forms.set(form, f);

  // The script checks and shows the messages itself.
  form.noValidate = true;
  hidden(form, "idempotencyKey").value ||= newIdempotencyKey();

  const picker = form.querySelector<HTMLElement>("[data-visit-picker]");
  if (picker)
    f.slots = enhanceVisitSlots(picker, () => {
      // The visitor is choosing again: the slot's message has done its job (its space stays).
      if (!f.errors.visitSlot) return;
      delete f.errors.visitSlot;
      renderField(f, "visitSlot");
    });

  const warm = () => void loadRules().catch(() => undefined);
  form.addEventListener("focusin", warm, { once: true });
  form.addEventListener("input", (event) => {
    warm();
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    if (target.name === "message") updateCount(f);
    if (target.name === "name" || target.name === "phone" || target.name === "message")
      recheck(f, target.name);
  });
  form.addEventListener("change", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.name === "privacyConsent")
      recheck(f, "privacyConsent");
  });
  // On leaving the phone field the number is written in its usual form; no message appears here.
  form.addEventListener("focusout", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "phone") return;
    const typed = input.value;
    const normalized = normalizePhone(typed);
    if (normalized && typed !== normalized) {
      input.value = normalized;
      recheck(f, "phone");
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // A second click while the first sending is under way is the same sending.
    if (f.busy) return;
    f.busy = true;
    send(f)
      .catch((error: unknown) => {
        // Never lost silently: the visitor is told, the input stays.
        console.error(error);
        showOutcome(f, "failed");
      })
      .finally(() => {
        f.busy = false;
      });
  });
}

/** How long the page's ready mark waits for the slot picker's first availability at most. */
const READY_WAIT_MS = 3000;

/**
 * Every lead form on the page (the popup's form is enhanced by the popup when it opens). Settles
 * once the slot pickers show the live availability (or could not), so that the page's ready mark
 * comes after the one change of layout the enhancement makes.
 */
export async function enhance(): Promise<void> {
  const pickers: Promise<void>[] = [];
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-lead-form]")) {
    enhanceLeadForm(form);
    const slots = forms.get(form)?.slots;
    if (slots) pickers.push(slots.ready);
  }
  if (pickers.length === 0) return;
  await Promise.race([
    Promise.all(pickers),
    new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS)),
  ]);
}
