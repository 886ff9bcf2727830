import { LeadForm } from "~/components/forms/lead-form";
import { REGISTRATION_TITLE } from "~/crm/lead-desk";
import { phoneLink } from "~/lib/source-phone";
import { useSite } from "~/lib/site";
import { REGISTER_PATH } from "./registration-context";
import { POPUP_TEMPLATE_ID } from "~/lib/before-script";

/**
 * The registration popup, server-rendered once per page inside a <template> (inert and free until
 * used): a native modal <dialog> (focus stays inside, Escape closes) with the visit form.
 * The page's inline code (app/inline/popup.ts) inserts it on a trigger's click, from the first
 * paint, with a fresh copy of the form at each opening (so it starts empty) whose `source` is the
 * page's path, and owns its history entry; the page's script enhances the form.
 */
export function RegistrationPopupTemplate() {
  const { contact, identity } = useSite();
  return (
    <template id={POPUP_TEMPLATE_ID}>
      <dialog
        className="reg-dialog"
        aria-labelledby="reg-dialog-title"
        aria-describedby="reg-dialog-desc"
      >
        <div className="reg-dialog-panel">
          <header className="reg-dialog-head">
            <h2 id="reg-dialog-title">{REGISTRATION_TITLE}</h2>
            <button type="button" className="reg-dialog-close" aria-label="닫기">
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
            전화 상담 <a {...phoneLink(identity.phone)}>{identity.phone}</a>{" "}
            <span className="nowrap">({contact.hours})</span>
          </p>
          {/* Copied afresh from the template at each opening. */}
          <div data-popup-form="">
            <LeadForm
              variant="popup"
              kind="visit"
              action={REGISTER_PATH}
              source={REGISTER_PATH}
              showSmsNotice
            />
          </div>
        </div>
      </dialog>
    </template>
  );
}
