import { useEffect, useState } from "react";

/** Whether a media query matches; null while prerendering and hydrating (the HTML is the same for all screens). */
export function useMediaQuery(query: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

export const NARROW_QUERY = "(max-width: 900px)";
