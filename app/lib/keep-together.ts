/**
 * Runs of text that must not break across lines: phone numbers (1600-0000, 080-000-0000, with a
 * "(무료)" after them), numbers with their unit (84㎡, 25.7평, 900세대, 48층) and short phrases in
 * parentheses ("(24시간 상담 가능)", "(Not Found)"). Korean text otherwise breaks between words
 * (word-break: keep-all in base.css).
 */
const UNBREAKABLE =
  /\d{2,4}-\d{3,4}-\d{4}(?:\([^()]{1,6}\))?|\d{4}-\d{4}(?:\([^()]{1,6}\))?|\d[\d,.]*\s?(?:㎡|m²|평|세대|층|개|호)|\([^()]{1,16}\)/g;

export type TextPart = { text: string; keep: boolean };

/** The text cut into parts, those that must stay on one line marked `keep`. */
export function keepTogetherParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(UNBREAKABLE)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), keep: false });
    parts.push({ text: m[0], keep: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), keep: false });
  return parts;
}
