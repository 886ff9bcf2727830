/**
 * Runs of text that must not break across lines: phone numbers (1600-0000, 080-000-0000, with a
 * "(무료)" after them), numbers with their unit (84㎡, 25.7평, 900세대, 48층) and short phrases in
 * parentheses ("(24시간 상담 가능)", "(Not Found)"), and any term the complex names (its unit
 * labels). Korean text otherwise breaks between words (word-break: keep-all in base.css).
 */
const UNBREAKABLE =
  /\d{2,4}-\d{3,4}-\d{4}(?:\([^()]{1,6}\))?|\d{4}-\d{4}(?:\([^()]{1,6}\))?|\d[\d,.]*\s?(?:㎡|m²|평|세대|층|개|호)|\([^()]{1,16}\)/g;

export type TextPart = { text: string; keep: boolean };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The pattern of runs kept together: the built-in kinds, and `terms` (a complex's unit labels, say)
 * that could break (they hold a space or a hyphen), longest first.
 */
export function unbreakablePattern(terms: readonly string[] = []): RegExp {
  const extra = terms
    .filter((t) => /[\s-]/.test(t))
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  return extra.length
    ? new RegExp(`${extra.join("|")}|${UNBREAKABLE.source}`, "g")
    : new RegExp(UNBREAKABLE.source, "g");
}

/** The text cut into parts, those that must stay on one line marked `keep`. */
export function keepTogetherParts(text: string, pattern = UNBREAKABLE): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(new RegExp(pattern.source, "g"))) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), keep: false });
    parts.push({ text: m[0], keep: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), keep: false });
  return parts;
}

/** Elements whose text is not laid out as the page's text, or may not hold a `<span>`. */
const RAW = new Set(["script", "style", "textarea", "option", "title", "svg"]);
const NOWRAP_OPEN = '<span class="nowrap">';
const TAG = /<(\/?)([a-zA-Z][\w-]*)[^>]*>|<!--[\s\S]*?-->/g;

/**
 * A server-rendered document with every run of `pattern` in the text of its `<body>` wrapped in
 * `<span class="nowrap">`: applied once to each page that is not hydrated (app/entry.server.tsx),
 * so a phone number, an area or a unit label from content stays on one line wherever a component
 * renders it, table cells included. React writes attribute values with `<` and `>` escaped, so a
 * tag ends at the first `>`. Text already alone in a nowrap span is left as it is.
 */
export function keepTogetherHtml(html: string, pattern = UNBREAKABLE): string {
  const body = html.search(/<body[\s>]/);
  if (body === -1) return html;
  let out = html.slice(0, body);
  let raw: string | null = null;
  let last = body;
  let previousTag = "";
  const text = (segment: string, next: string) => {
    if (raw || segment === "") return segment;
    const parts = keepTogetherParts(segment, pattern);
    if (parts.length === 1 && parts[0]!.keep && previousTag === NOWRAP_OPEN && next === "</span>")
      return segment;
    return parts.map((p) => (p.keep ? `${NOWRAP_OPEN}${p.text}</span>` : p.text)).join("");
  };
  for (const m of html.slice(body).matchAll(TAG)) {
    const index = body + m.index;
    const tag = m[0];
    out += text(html.slice(last, index), tag) + tag;
    last = index + tag.length;
    const name = m[2]?.toLowerCase();
    if (name) {
      if (raw === null && m[1] === "" && RAW.has(name) && !tag.endsWith("/>")) raw = name;
      else if (raw === name && m[1] === "/") raw = null;
    }
    previousTag = tag;
  }
  return out + text(html.slice(last), "");
}
