import { useId } from "react";
import type { Identity } from "~/content/schema";
import { phoneLink } from "~/lib/source-phone";
import { useSite } from "~/lib/site";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { REGISTRATION_LABELS } from "~/crm/lead-desk";
import { Logo } from "./logo";

/** The footer's credit line, from 단지 기본 정보: 시공, 시행 and, when there is one, 분양 대행. */
export function constructorCredit(identity: Identity): string {
  const parts = [`시공 ${identity.builder}`, `시행 ${identity.developer}`];
  if (identity.agency) parts.push(`분양 대행 ${identity.agency}`);
  return parts.join(" · ");
}

/** The site footer. The family-site list opens with its toggle (app/enhance/chrome.ts). */
export function SiteFooter() {
  const familyId = useId();
  const { identity, contact, legal, familySites } = useSite();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-top">
          <Logo />
          <div className="footer-actions">
            <RegisterTrigger className="footer-reserve">
              {REGISTRATION_LABELS.booked}
            </RegisterTrigger>
            <div className="family">
              <button
                type="button"
                className="family-toggle"
                aria-expanded="false"
                aria-controls={familyId}
              >
                패밀리사이트
              </button>
              <ul id={familyId} className="family-list" hidden>
                {familySites.map((s) => (
                  <li key={s.url}>
                    <a href={s.url} target="_blank" rel="noopener noreferrer">
                      {s.name}
                      <span className="sr-only"> (새 창)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
        <p className="footer-phone">
          분양문의 <a {...phoneLink(identity.phone)}>{identity.phone}</a>{" "}
          <span className="nowrap">{contact.hours}</span>
        </p>
        <p className="footer-notice">{legal.smsNotice}</p>
        <ul className="footer-disclaimers">
          {legal.disclaimers.map((d) => (
            <li key={d}>{d}</li>
          ))}
          <li>{legal.adDisclaimer}</li>
        </ul>
        <address className="footer-business">
          <span>상호 {identity.business.name}</span>
          <span>대표 {identity.business.representative}</span>
          <span>사업자등록번호 {identity.business.registrationNumber}</span>
          <span>주소 {identity.business.address}</span>
          <span>현장 {identity.address}</span>
        </address>
        <p className="footer-credit">{constructorCredit(identity)}</p>
        <p className="footer-links">
          <a href="/privacy">
            <strong>개인정보처리방침</strong>
          </a>
        </p>
        <p className="footer-copy">© {identity.name}. All rights reserved.</p>
      </div>
    </footer>
  );
}
