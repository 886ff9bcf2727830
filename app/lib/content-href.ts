import { groupOfPath } from "~/console/content-sections";

/*
 * Where the console edits a field of a complex's content: every link to a field (a problem that
 * blocks 게시, a leftover of the copied complex, a search result) is made here, so the editor's
 * addresses are decided in one place. The editor is in sections (./content-sections.ts), one page
 * each: the link goes to the page of the field's section, at the field.
 */

/** The address of one section's page (`/admin/content/<group>`), for the complex `siteId`. */
export function sectionHref(siteId: string, group: string, hash = ""): string {
  return `/admin/content/${group}?site=${encodeURIComponent(siteId)}${hash ? `#${hash}` : ""}`;
}

/** The editor's address of the field whose id is `id` (`f-<path>`, form-schema.ts fieldId). */
export function contentHref(siteId: string, id = ""): string {
  const path = id.startsWith("f-") ? id.slice(2) : id;
  return sectionHref(siteId, groupOfPath(path), id);
}
