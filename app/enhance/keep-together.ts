import { keepTogetherParts } from "~/lib/keep-together";

/**
 * Text a script writes into the page, with its phone numbers, areas and short parenthesised
 * phrases in nowrap spans, as the server keeps them in the HTML it renders (lib/keep-together.ts).
 */
export function keptTogether(text: string): (Node | string)[] {
  return keepTogetherParts(text).map((part) => {
    if (!part.keep) return part.text;
    const span = document.createElement("span");
    span.className = "nowrap";
    span.textContent = part.text;
    return span;
  });
}
