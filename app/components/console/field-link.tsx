import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { contentHref } from "~/lib/content-href";
import { groupOfPath } from "~/console/content-sections";
import { goToField } from "./field-search";

/** Where a link to a field goes from this page: the complex, and the section of the page. */
export type LinkPlace = { siteId: string; group: string };

/**
 * A link to a field of the content editor, on its section's page (app/lib/content-href.ts). A field
 * of this page's section: with the script it opens the field's folded entries and focuses its
 * control; a field of another section: that section's page, at the field.
 */
export function FieldLink({
  id,
  siteId,
  group,
  children,
}: LinkPlace & { id: string; children: ReactNode }) {
  const href = contentHref(siteId, id);
  if (groupOfPath(id.replace(/^f-/, "")) !== group) return <Link to={href}>{children}</Link>;
  return (
    <a
      href={`#${id}`}
      onClick={(event) => {
        event.preventDefault();
        goToField(id);
      }}
    >
      {children}
    </a>
  );
}

/**
 * A link from another section (`#f-<path>`) opened here: once the page is drawn, the field's
 * folded entries open and its control has focus, as a link within the page does.
 */
export function useFieldFromHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id.startsWith("f-") && id !== "leftovers") return;
    const frame = requestAnimationFrame(() => goToField(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
