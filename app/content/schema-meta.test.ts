import { expect, test } from "vitest";
import { FIELD_REFS, FIELD_WIDGETS } from "./field-meta";
import { siteJsonSchema } from "./schema";

/*
 * Every field of a complex's schema has a Korean label and help text: the console's forms and the
 * editors' JSON Schema show them. A field added without them fails here, named by its path.
 */

type Node = Record<string, unknown> & {
  properties?: Record<string, Node>;
  items?: Node;
  prefixItems?: Node[];
  additionalProperties?: Node | boolean;
  propertyNames?: Node;
  anyOf?: Node[];
};

const HANGUL = /[가-힣]/;

/** Every labelled place of the schema (a property, a list's entry, a record's key and value). */
function labelled(node: Node, path: string, out: { path: string; node: Node }[] = []) {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    out.push({ path: `${path}.${key}`, node: child });
    labelled(child, `${path}.${key}`, out);
  }
  if (node.items) {
    if (node.items.type === "object" || node.items.prefixItems)
      out.push({ path: `${path}[]`, node: node.items });
    labelled(node.items, `${path}[]`, out);
  }
  node.prefixItems?.forEach((child, i) => {
    out.push({ path: `${path}[${i}]`, node: child });
    labelled(child, `${path}[${i}]`, out);
  });
  if (node.additionalProperties && typeof node.additionalProperties === "object") {
    out.push({ path: `${path}{}`, node: node.additionalProperties });
    labelled(node.additionalProperties, `${path}{}`, out);
  }
  if (node.propertyNames) out.push({ path: `${path}{key}`, node: node.propertyNames });
  return out;
}

const schema = siteJsonSchema() as Node;
const fields = labelled(schema, "");

test("every field of the schema has a Korean label", () => {
  expect(fields.length).toBeGreaterThan(600);
  const missing = fields
    .filter(({ node }) => typeof node.title !== "string" || !HANGUL.test(node.title))
    .map((f) => f.path);
  expect(missing).toEqual([]);
});

test("every field of the schema has a Korean help text", () => {
  const missing = fields
    .filter(
      ({ node, path }) =>
        !/\[\]$|\{key\}$|\{\}$|\[\d\]$/.test(path) &&
        (typeof node.description !== "string" || !HANGUL.test(node.description)),
    )
    .map((f) => f.path);
  expect(missing).toEqual([]);
});

test("the console's metadata uses only its vocabulary (app/content/README.md)", () => {
  const refs = new Set<string>(FIELD_REFS);
  const widgets = new Set<string>(FIELD_WIDGETS);
  const wrong = fields.flatMap(({ node, path }) => [
    ...(node.ref !== undefined && !refs.has(String(node.ref)) ? [`${path}: ref ${node.ref}`] : []),
    ...(node.widget !== undefined && !widgets.has(String(node.widget))
      ? [`${path}: widget ${node.widget}`]
      : []),
  ]);
  expect(wrong).toEqual([]);
  // The renderer reads the schema as one tree: no shared definitions to resolve.
  expect(JSON.stringify(schema)).not.toContain('"$ref"');
  // A few fields as the console must show them.
  const at = (p: string) => fields.find((f) => f.path === p)?.node;
  expect(at(".unitTypes[].plan")?.widget).toBe("image");
  expect(at(".videoTabs[].unitKey")?.ref).toBe("unitTypes");
  expect(at(".premiumCards[].link")?.ref).toBe("pages");
  expect(at(".infoPages.schedule.milestones[].date")?.widget).toBe("date");
  expect(at(".id")?.readOnly).toBe(true);
});
