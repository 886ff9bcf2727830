import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { content } from "~/content";
import { LeadForm } from "~/components/forms/lead-form";
import { telHref } from "~/lib/phone";
import { REGISTER_PATH, useRegistration } from "./registration-context";

/**
 * The registration popup: a native modal <dialog> (focus stays inside, Escape closes) with the
 * visit form. Rendered once in the root layout; opened by every RegisterTrigger. The form is
 * mounted while the popup is open, so each opening starts with an empty form.
 */
export function RegistrationDialog() {
  const { isOpen, close } = useRegistration();
  const { pathname } = useLocation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      className="reg-dialog"
      aria-labelledby="reg-dialog-title"
      aria-describedby="reg-dialog-desc"
      onCancel={(event) => {
        // Escape: close through the context, which also tidies the history entry.
        event.preventDefault();
        close();
      }}
      onClose={() => {
        if (isOpen) close();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes; clicks inside land on the panel.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="reg-dialog-panel">
        <header className="reg-dialog-head">
          <h2 id="reg-dialog-title">방문예약 · 관심고객 등록</h2>
          <button type="button" className="reg-dialog-close" aria-label="닫기" onClick={close}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </header>
        <p id="reg-dialog-desc" className="reg-dialog-desc">
          이름과 연락처를 남겨 주시면 전문 상담사가 곧 연락드립니다.
          <br />
          전화 상담 <a href={telHref(content.contact.phone)}>{content.contact.phone}</a>{" "}
          <span className="nowrap">({content.contact.hours})</span>
        </p>
        {isOpen ? (
          <LeadForm
            variant="popup"
            kind="visit"
            action={REGISTER_PATH}
            source={pathname}
            showSmsNotice
            onClose={close}
          />
        ) : null}
      </div>
    </dialog>
  );
}
