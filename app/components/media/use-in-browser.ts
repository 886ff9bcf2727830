import { useEffect, useState } from "react";

/**
 * False during prerendering and the first (hydrating) render, true after. Embeds from other sites
 * are created only when this is true, so the static HTML never depends on them.
 */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return inBrowser;
}
