import type { FieldRef } from "~/content/field-meta";
import { isObject } from "./form-schema";

/*
 * The complex's own entries a reference field may name (a 주택형, a page, a VR tab, a menu group or
 * item), read from the complex's value as it is now in the form, and which fields' changes change
 * them (app/console/form-schema.ts is the schema the form is made from).
 */

type Json = Record<string, unknown>;
export type Option = { value: string; label: string };

const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const labelled = (title: string, key: string) =>
  title && title !== key ? `${title} (${key})` : key;

/** The entries a reference may name, from the complex's value as it is now in the form. */
export function refOptions(ref: FieldRef, root: unknown): Option[] {
  const site = isObject(root) ? root : {};
  let options: Option[];
  switch (ref) {
    case "unitTypes":
      options = list(site.unitTypes).map((u) => ({
        value: str(u.key),
        label: labelled(str(u.label), str(u.key)),
      }));
      break;
    case "pages":
      options = list(site.pages).map((p) => ({
        value: str(p.path),
        label: labelled(str(p.title), str(p.path)),
      }));
      break;
    case "vrTabs":
      options = list(isObject(site.vr) ? site.vr.tabs : undefined).map((t) => ({
        value: str(t.key),
        label: labelled(str(t.title), str(t.key)),
      }));
      break;
    case "menuGroups":
      options = list(site.menu).map((g) => ({ value: str(g.title), label: str(g.title) }));
      break;
    case "menuItems":
      options = list(site.menu).flatMap((g) =>
        list(g.items).map((i) => ({
          value: str(i.url),
          label: `${str(g.title)} › ${labelled(str(i.title), str(i.url))}`,
        })),
      );
      break;
  }
  const seen = new Set<string>();
  return options.filter((o) => o.value !== "" && !seen.has(o.value) && seen.add(o.value));
}

/** Field names whose change changes what a reference offers (the form reads them again then). */
export const REF_SOURCES =
  /^(unitTypes\.\d+\.(key|label)|pages\.\d+\.(path|title)|vr\.tabs\.\d+\.(key|title)|menu\.\d+\.title|menu\.\d+\.items\.\d+\.(url|title))$/;
