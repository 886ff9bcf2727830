import { resultMessage, type LeadOutcome, type LeadVariant } from "~/leads/lead-result";
import { keptTogether } from "../keep-together";

/*
 * What a lead form shows of its sending (../lead-form.ts): the submit button busy while it is under
 * way, then the answer in the form's result box. The popup variant shows the result in place of
 * the form, with "다시 입력하기" after a failure and "확인" (the popup's `onClose`) after a success.
 */

/** What the result of one form needs: its element and variant, its result box and submit button. */
export type OutcomeView = {
  form: HTMLFormElement;
  variant: LeadVariant;
  result: HTMLElement | null;
  submit: HTMLButtonElement | null;
  onClose?: () => void;
};

function button(className: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn ${className} lead-retry`;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

export function showOutcome(f: OutcomeView, outcome: LeadOutcome | null, visit?: string) {
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

export function setBusy(f: OutcomeView, busy: boolean) {
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
