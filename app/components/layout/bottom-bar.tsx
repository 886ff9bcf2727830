import { phoneLink } from "~/lib/source-phone";
import { useSite } from "~/lib/site";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { REGISTRATION_LABELS } from "~/crm/lead-desk";
import { PhoneIcon } from "./site-header";

/** Mobile-only fixed bar: visit reservation and phone consultation. */
export function BottomBar() {
  const { identity } = useSite();
  return (
    <div className="bottom-bar" role="region" aria-label="빠른 상담">
      <RegisterTrigger className="bottom-bar-reserve">{REGISTRATION_LABELS.booked}</RegisterTrigger>
      <a {...phoneLink(identity.phone)} className="bottom-bar-call">
        <PhoneIcon /> 전화상담
      </a>
    </div>
  );
}
