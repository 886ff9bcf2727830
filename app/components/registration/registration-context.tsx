import type { ReactNode } from "react";
import { PHONE_ATTR } from "~/lib/before-script";

/** URL of the registration form as a page: where triggers go when JavaScript is off. */
export const REGISTER_PATH = "/register";

/**
 * A button-like link that opens the registration popup (app/enhance/chrome.ts, by its
 * `data-register-trigger`). Without JavaScript, or opened in a new tab, it is a plain link to the
 * registration page, so the visitor can still register.
 */
export function RegisterTrigger({
  className,
  children,
  label,
  phone,
}: {
  className?: string;
  children: ReactNode;
  label?: string;
  /** It shows the complex's number: swapped for a visit's ad source (~/lib/source-phone). */
  phone?: boolean;
}) {
  return (
    <a
      href={REGISTER_PATH}
      role="button"
      className={className}
      aria-label={label}
      aria-haspopup="dialog"
      data-register-trigger=""
      {...(phone ? { [PHONE_ATTR]: "" } : {})}
    >
      {children}
    </a>
  );
}
