/*
 * An uploaded SVG made harmless (docs/decisions/032-media-store.md): parsed as XML (as a browser
 * reads an .svg file), then cleaned in place by DOMPurify with its SVG profile, over jsdom (the
 * server DOM DOMPurify supports), and written back as XML. What survives is drawing only:
 *
 *   - no <script>, <foreignObject>, SMIL <animate>/<set> (which can rewrite a link), no `on…`
 *     attribute (DOMPurify's profile);
 *   - no reference outside the picture: `href` / `xlink:href` (any prefix) only to `#fragment`;
 *     no attribute or <style> with `url(…)` to anything but `#fragment`, `@import`, `image-set()`,
 *     `image()`, `src()` or a CSS escape (`\…`, which could spell any of these).
 *
 * jsdom is loaded on the first SVG, so a server that never receives one never loads it.
 */
import type { Config, DOMPurify as Purifier } from "dompurify";

/** CSS or an attribute value that could reach outside the picture. */
const OUTSIDE = /\\|@import|image-set|image\(|src\(|expression\(|url\((?!\s*['"]?\s*#)/i;

const CONFIG: Config & { IN_PLACE: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> draws a part of the same picture again (icons, repeated shapes); the href rule below
  // keeps it to this picture.
  ADD_TAGS: ["use"],
  IN_PLACE: true,
};

type Dom = { purify: Purifier; window: import("jsdom").DOMWindow };
let dom: Promise<Dom> | undefined;

function load(): Promise<Dom> {
  dom ??= Promise.all([import("jsdom"), import("dompurify")]).then(([jsdom, dompurify]) => {
    const window = new jsdom.JSDOM("").window;
    const purify = dompurify.default(window as unknown as Parameters<typeof dompurify.default>[0]);
    purify.addHook("uponSanitizeAttribute", (_node, data) => {
      const name = data.attrName.toLowerCase();
      const href = name === "href" || name.endsWith(":href");
      if (href ? !data.attrValue.trim().startsWith("#") : OUTSIDE.test(data.attrValue))
        data.keepAttr = false;
    });
    purify.addHook("uponSanitizeElement", (node, data) => {
      if (data.tagName === "style" && OUTSIDE.test(node.textContent ?? ""))
        node.parentNode?.removeChild(node);
    });
    return { purify, window };
  });
  return dom;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** The cleaned SVG as UTF-8 text, or null when the bytes are not a well-formed SVG document. */
export async function sanitizeSvg(bytes: Uint8Array): Promise<string | null> {
  const { purify, window } = await load();
  const text = new TextDecoder().decode(bytes);
  const doc = new window.DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (
    !root ||
    root.localName !== "svg" ||
    root.namespaceURI !== SVG_NS ||
    doc.getElementsByTagName("parsererror").length > 0
  )
    return null;
  // A CDATA section is text in XML; DOMPurify drops the node (and an Illustrator <style> with it).
  const walk = (node: Node) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === window.Node.CDATA_SECTION_NODE)
        node.replaceChild(doc.createTextNode(child.nodeValue ?? ""), child);
      else walk(child);
    }
  };
  walk(root);
  purify.sanitize(root, CONFIG);
  const out = new window.XMLSerializer().serializeToString(root);
  // Written back, it must read as the same picture: well-formed, an <svg> at the root.
  const again = new window.DOMParser().parseFromString(out, "image/svg+xml");
  if (again.getElementsByTagName("parsererror").length > 0) return null;
  return out;
}
