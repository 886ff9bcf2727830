/*
 * The vocabulary of a field's metadata beyond JSON Schema's `title` and `description` (README.md,
 * "Field metadata"). The schema sets it with zod's `.meta()`; `z.toJSONSchema` copies it into the
 * JSON Schema, which the console's form renderer reads (app/components/console/).
 */

/**
 * A field whose value names an entry elsewhere in the same complex: the console offers those
 * entries as a list. unitTypes: a unit type's `key`; pages: a page's `path`; vrTabs: a VR tab's
 * `key`; menuGroups: a menu group's `title`; menuItems: a menu item's `url`.
 */
export const FIELD_REFS = ["unitTypes", "pages", "vrTabs", "menuGroups", "menuItems"] as const;
export type FieldRef = (typeof FIELD_REFS)[number];

/**
 * How a field is edited when its type does not say: textarea (a long text), date (YYYY-MM-DD),
 * time (HH:MM), datetime (a Korean date and time, YYYY-MM-DDTHH:MM), image (a picture slot `{ src, alt, width, height }`, uploaded); the file slots, each
 * an object filled by its upload: video-file (an MP4 and its captions), panorama (a 2:1 360°
 * picture), pdf (the recruitment notice and its pages).
 */
export const FIELD_WIDGETS = [
  "textarea",
  "date",
  "time",
  "datetime",
  "image",
  "video-file",
  "panorama",
  "pdf",
] as const;
export type FieldWidget = (typeof FIELD_WIDGETS)[number];

/** A field's label and help text, and how the console edits it: the argument of zod's `.meta()`. */
export function fieldMeta(
  title: string,
  description: string,
  more: { ref?: FieldRef; widget?: FieldWidget; readOnly?: boolean } = {},
) {
  return { title, description, ...more };
}

declare module "zod" {
  interface GlobalMeta {
    widget?: FieldWidget;
    ref?: FieldRef;
    /** JSON Schema's own: the value is shown, never changed (a complex's id). */
    readOnly?: boolean;
  }
}
