import { useId } from "react";
import { phoneLink } from "~/lib/source-phone";
import { useSite } from "~/lib/site";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { Logo } from "./logo";

/** The site footer. The family-site list opens with its toggle (app/enhance/chrome.ts). */
export function SiteFooter() {
  const familyId = useId();
  const { project, contact, business, legal, familySites } = useSite();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-top">
          <Logo />
          <div className="footer-actions">
            <RegisterTrigger className="footer-reserve">방문예약</RegisterTrigger>
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
          분양문의 <a {...phoneLink(contact.phone)}>{contact.phone}</a>{" "}
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
          <span>상호 {business.name}</span>
          <span>대표 {business.representative}</span>
          <span>사업자등록번호 {business.registrationNumber}</span>
          <span>주소 {business.address}</span>
          <span>현장 {project.address}</span>
        </address>
        <p className="footer-credit">{legal.constructorCredit}</p>
        <p className="footer-links">
          <a href="/privacy">
            <strong>개인정보처리방침</strong>
          </a>
        </p>
        <p className="footer-copy">© {project.siteName}. All rights reserved.</p>
      </div>
    </footer>
  );
}
