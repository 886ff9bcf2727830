import { phoneLink } from "~/lib/source-phone";
import { useSite } from "~/lib/site";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { PhoneIcon } from "./site-header";

/** Mobile-only fixed bar: visit reservation and phone consultation. */
export function BottomBar() {
  const { contact } = useSite();
  return (
    <div className="bottom-bar" role="region" aria-label="빠른 상담">
      <RegisterTrigger className="bottom-bar-reserve">방문예약</RegisterTrigger>
      <a {...phoneLink(contact.phone)} className="bottom-bar-call">
        <PhoneIcon /> 전화상담
      </a>
    </div>
  );
}
