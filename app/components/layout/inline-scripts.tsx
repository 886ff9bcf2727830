import AFTER_CHROME from "~/inline/after-chrome.ts?inline-script";
import FIRST_SECONDS from "~/inline/first-seconds.ts?inline-script";
import { VISIT_ATTR } from "~/lib/before-script";
import { useCspNonce, useSite } from "~/lib/site";
import { displayPhones } from "~/lib/source-phone";

/*
 * The code a page runs before its script file arrives (app/inline, docs/before-the-script.md). Each
 * script's text is the same on every page and complex, so a prerendered page's policy names one hash
 * for it (server/security-headers.js); a page rendered per request gives it the answer's nonce.
 */

/**
 * In the <head>: the header's scroll state and phone menu on every page with the chrome; on a
 * visit's page (`visit`, not the administrator's) also where the visit came from and its counts.
 */
export function FirstSecondsScript({ visit }: { visit: boolean }) {
  const nonce = useCspNonce();
  return (
    <script
      nonce={nonce}
      {...(visit ? { [VISIT_ATTR]: "" } : {})}
      dangerouslySetInnerHTML={{ __html: FIRST_SECONDS }}
    />
  );
}

/**
 * After every number it swaps and every form it fills (the popup's template included): a visit's
 * ad-source number and the forms' hidden fields (where the visit came from, the number shown).
 */
export function AfterChromeScript() {
  const site = useSite();
  const nonce = useCspNonce();
  const phones = displayPhones(site);
  return (
    <script
      nonce={nonce}
      {...(phones ? { "data-phones": JSON.stringify(phones) } : {})}
      data-default={site.identity.phone}
      dangerouslySetInnerHTML={{ __html: AFTER_CHROME }}
    />
  );
}
