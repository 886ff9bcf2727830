import type { ReactNode } from "react";
import { Link } from "react-router";
import { contentHref } from "~/lib/content-href";
import { groupOfPath } from "~/console/content-sections";
import { goToField } from "./field-search";

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
}: {
  id: string;
  /** The complex, and the section of the page the link is on. */
  siteId: string;
  group: string;
  children: ReactNode;
}) {
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
