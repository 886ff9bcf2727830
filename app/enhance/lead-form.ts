import type { LeadFieldErrors } from "~/leads/lead-form";
import { normalizePhone } from "~/lib/phone";
import {
  resultMessage,
  type LeadActionData,
  type LeadOutcome,
  type LeadVariant,
} from "~/leads/lead-result";
import { enhanceVisitSlots, type SlotPicker } from "./visit-slots";
import { keptTogether } from "./keep-together";
import { SHOWN_AT_ATTR } from "~/lib/before-script";
import { LEAD_EVENT, type LeadEventDetail } from "./events";

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
 */

type Rules = typeof import("~/leads/lead-form");
type FieldName = keyof LeadFieldErrors;

/** In the order of the form: the first with a message takes the focus. */
const FIELD_ORDER: FieldName[] = ["name", "phone", "message", "visitSlot", "privacyConsent"];
/** A sending that has had no answer by then is treated as a lost connection (a resend is safe). */
const SEND_TIMEOUT_MS = 30_000;

let rulesModule: Promise<Rules> | null = null;
/** The form rules (zod): one chunk, loaded once, on the first form interaction. */
function loadRules(): Promise<Rules> {
  rulesModule ??= import("~/leads/lead-form").catch((error: unknown) => {
    rulesModule = null; // try again next time (the chunk may have failed offline)
    throw error;
  });
  return rulesModule;
}

type Form = {
  form: HTMLFormElement;
  variant: LeadVariant;
  uid: string;
  result: HTMLElement | null;
  submit: HTMLButtonElement | null;
  /** Messages shown now. */
  errors: LeadFieldErrors;
  /** The last message of each field that had one when the form was last sent: its space is kept. */
  reserved: LeadFieldErrors;
  busy: boolean;
  shownAt: number;
  onClose?: () => void;
  slots: SlotPicker | null;
};

const forms = new WeakMap<HTMLFormElement, Form>();

/** A random key for one form display; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const OUTCOMES = new Set(["success", "failed", "rateLimited", "network", "invalid"]);

/**
 * The action's answer from a response's content type and body, or the failure message for
 * anything else (a proxy's error page, a truncated body): never a success that was not one.
 */
export function toAnswer(
  contentType: string | null,
  body: string,
  variant: LeadVariant,
): LeadActionData {
  const failed: LeadActionData = {
    ok: false,
    result: "failed",
    message: resultMessage(variant, "failed"),
  };
  if (!contentType?.toLowerCase().includes("application/json")) return failed;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return failed;
  }
  if (!data || typeof data !== "object") return failed;
  const answer = data as Partial<LeadActionData>;
  if (typeof answer.result !== "string" || !OUTCOMES.has(answer.result)) return failed;
  if (answer.result === "success" && answer.ok !== true) return failed;
  if (answer.result === "invalid") {
    const errors = (answer as { errors?: unknown }).errors;
    if (!errors || typeof errors !== "object" || Object.keys(errors).length === 0) return failed;
  }
  return answer as LeadActionData;
}

/** The form's fields as the server reads them (text values only). */
function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  return values;
}

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

/* ---------- Field messages ---------- */

function errorId(f: Form, field: FieldName) {
  return `${f.uid}-${field}-error`;
}

function setDescribedBy(el: Element, id: string, on: boolean) {
  const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((t) => t && t !== id);
  if (on) ids.push(id);
  if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
  else el.removeAttribute("aria-describedby");
}

function setInvalid(el: Element, on: boolean) {
  if (on) el.setAttribute("aria-invalid", "true");
  else el.removeAttribute("aria-invalid");
}

/** Shows a field's message (or keeps its space, or nothing) in the field's box. */
function renderField(f: Form, field: FieldName) {
  const box = f.form.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!box) return;
  for (const old of box.querySelectorAll(":scope > .field-error")) old.remove();
  const message = f.errors[field];
  const id = errorId(f, field);
  const reserved = f.reserved[field];
  if (message || reserved) {
    const p = document.createElement("p");
    p.className = "field-error";
    if (message) {
      p.id = id;
      p.append(...keptTogether(message));
    } else {
      // Corrected since the form was sent: the message is gone, its space stays until the next send.
      p.dataset.resolved = "true";
      p.setAttribute("aria-hidden", "true");
      p.textContent = reserved!;
    }
    box.append(p);
  }
  if (field === "visitSlot") {
    setDescribedBy(box, id, Boolean(message));
    for (const control of box.querySelectorAll(
      '.visit-plain [name="visitDate"], .visit-plain [name="visitTime"]',
    ))
      setInvalid(control, Boolean(message));
    return;
  }
  const control = f.form.querySelector(`[name="${field}"]`);
  if (!control) return;
  setInvalid(control, Boolean(message));
  setDescribedBy(control, id, Boolean(message));
}

function showErrors(f: Form, errors: LeadFieldErrors) {
  f.errors = { ...errors };
  f.reserved = { ...errors };
  for (const field of FIELD_ORDER) renderField(f, field);
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

function focusFirstInvalid(form: HTMLFormElement, errors: LeadFieldErrors) {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (!first) return;
  const target =
    first === "visitSlot"
      ? (form.querySelector<HTMLElement>('[name="visitTime"]:checked') ??
        form.querySelector<HTMLElement>('[name="visitDate"]:checked') ??
        form.querySelector<HTMLElement>('[name="visitDate"]'))
      : form.querySelector<HTMLElement>(`[name="${first}"]`);
  target?.focus();
}

/* ---------- Result view ---------- */

function button(className: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn ${className} lead-retry`;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

function showOutcome(f: Form, outcome: LeadOutcome | null, visit?: string) {
  const box = f.result;
  if (!box) return;
  const popup = f.variant === "popup";
  if (!outcome) {
    box.hidden = true;
    box.removeAttribute("data-outcome");
    box.replaceChildren();
    return;
  }
  box.dataset.outcome = outcome;
  const message = document.createElement("p");
  message.className = "lead-result-message";
  message.append(...keptTogether(resultMessage(f.variant, outcome)));
  box.replaceChildren(message);
  if (outcome === "success" && visit) {
    const p = document.createElement("p");
    p.className = "lead-result-visit";
    const strong = document.createElement("strong");
    strong.append(...keptTogether(visit));
    p.append(
      "방문 예약 일시: ",
      strong,
      document.createElement("br"),
      "예약 확인과 취소는 문자로 보내 드린 링크에서 하실 수 있습니다.",
    );
    box.append(p);
  }
  if (popup && outcome !== "success") {
    // The input is kept behind the message: the visitor goes back to it.
    box.append(
      button("btn-outline", "다시 입력하기", () => {
        f.form.hidden = false;
        box.querySelector(".lead-retry")?.remove();
        f.form.querySelector<HTMLElement>('[name="name"]')?.focus();
      }),
    );
  }
  if (popup && outcome === "success" && f.onClose) {
    const close = f.onClose;
    box.append(button("btn-primary", "확인", () => close()));
  }
  box.hidden = false;
  if (popup) {
    f.form.hidden = true;
    // The focused button is gone with the form: the focus goes to the message.
    box.focus();
  } else {
    box.scrollIntoView({ block: "nearest" });
  }
}

/* ---------- Sending ---------- */

function setBusy(f: Form, busy: boolean) {
  const wrapper = f.form.closest(".lead-form");
  if (busy) {
    wrapper?.setAttribute("data-submitting", "true");
    f.form.setAttribute("aria-busy", "true");
  } else {
    wrapper?.removeAttribute("data-submitting");
    f.form.removeAttribute("aria-busy");
  }
  if (f.submit) {
    // Not disabled: a disabled button drops the keyboard focus to the page (the submit handler
    // refuses a second sending itself).
    if (busy) f.submit.setAttribute("aria-disabled", "true");
    else f.submit.removeAttribute("aria-disabled");
    f.submit.textContent = busy
      ? (f.submit.dataset.busyLabel ?? "등록중…")
      : (f.submit.dataset.label ?? "등록하기");
  }
}

const offline = () => navigator.onLine === false;

function network(variant: LeadVariant): LeadActionData {
  return { ok: false, result: "network", message: resultMessage(variant, "network") };
}

/** Sends the form to the action's JSON twin; a request that got no answer is the network message. */
async function post(f: Form): Promise<LeadActionData> {
  if (offline()) return network(f.variant);
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(formValues(f.form))) body.append(key, value);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(f.form.dataset.jsonAction ?? f.form.action, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-store",
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return network(f.variant);
  }
  try {
    const text = await res.text();
    return toAnswer(res.headers.get("content-type"), text, f.variant);
  } catch {
    // The answer broke off on the way.
    return offline() ? network(f.variant) : toAnswer(null, "", f.variant);
  } finally {
    clearTimeout(timer);
  }
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
    answer = await post(f);
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

/** Messages the server rendered into the page (a form sent before the script was there). */
function renderedErrors(form: HTMLFormElement): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  for (const field of FIELD_ORDER) {
    const p = form.querySelector(`[data-field="${field}"] > .field-error:not([data-resolved])`);
    if (p?.textContent) errors[field] = p.textContent;
  }
  return errors;
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
