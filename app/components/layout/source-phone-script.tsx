import { displayPhones, PHONE_SWAP_SCRIPT } from "~/lib/source-phone";
import { useCspNonce, useSite } from "~/lib/site";

/**
 * After the page's chrome, on public pages of a complex with `phoneBySource`: the inline script
 * that shows a visit's ad-source number before the first paint (~/lib/source-phone). Its text is
 * the same everywhere; a prerendered page's CSP names its hash (server/security-headers.js), a page
 * rendered per request (the press pages) gives it the answer's nonce.
 */
export function SourcePhoneScript() {
  const site = useSite();
  const nonce = useCspNonce();
  const phones = displayPhones(site);
  if (!phones) return null;
  return (
    <script
      nonce={nonce}
      data-phones={JSON.stringify(phones)}
      data-default={site.contact.phone}
      dangerouslySetInnerHTML={{ __html: PHONE_SWAP_SCRIPT }}
    />
  );
}
