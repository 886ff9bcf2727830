/*
 * A prerendered page holds its stylesheets in <noscript data-stylesheets> behind the rules its first
 * screen uses, inline (server/critical-css.js). They are brought in by the page's module after the
 * first frame (app/enhance/main.ts) or earlier by the registration popup (./popup.ts), whose markup
 * needs their rules, and waited for before anything opens (an open menu or popup). They load as
 * `media="print"` and apply together once all are in: one that applied before the others would come
 * after the inline rules with only part of the cascade, and could move the first screen (a button's
 * height flickered so). A stylesheet that fails to load does not hold anything back.
 */
const LOADING = "data-loading-stylesheet";

/** Brings the held stylesheets in (once) and settles when they apply. */
export function bringStylesheets(): Promise<void> {
  for (const held of document.querySelectorAll("noscript[data-stylesheets]")) {
    const markup = document.createElement("template");
    markup.innerHTML = held.textContent ?? "";
    for (const link of markup.content.querySelectorAll("link")) {
      link.media = "print";
      link.setAttribute(LOADING, "");
    }
    held.replaceWith(markup.content);
  }
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${LOADING}]`)];
  const loaded = links.map(
    (link) =>
      new Promise<void>((resolve) => {
        if (link.sheet) return resolve();
        link.addEventListener("load", () => resolve(), { once: true });
        link.addEventListener("error", () => resolve(), { once: true });
      }),
  );
  return Promise.all(loaded).then(() => {
    for (const link of links) {
      link.removeAttribute("media");
      link.removeAttribute(LOADING);
    }
  });
}
