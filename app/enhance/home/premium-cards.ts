import { NARROW_QUERY } from "~/lib/media-queries";

/*
 * The PREMIUM cards (components/home/premium-cards.tsx). On a narrow screen each card folds to its
 * artwork and title; the title becomes the card's toggle button (the keyboard's way), and a tap
 * anywhere else on a folded card opens it too. Wide screens show every line, as the HTML does.
 */
export function enhancePremiumCards(box: HTMLElement): void {
  const narrow = window.matchMedia(NARROW_QUERY);
  const hint = box.querySelector<HTMLElement>(".premium-hint");
  const cards = Array.from(box.querySelectorAll<HTMLElement>(".premium-card")).flatMap((card) => {
    const title = card.querySelector<HTMLElement>(".premium-card-title");
    const body = card.querySelector<HTMLElement>(".premium-card-body");
    // The title's own nodes (its text, with what the server kept together) move into the button.
    return title && body ? [{ card, title, body, nodes: Array.from(title.childNodes) }] : [];
  });
  const open = new Set<HTMLElement>();

  function show(item: (typeof cards)[number]) {
    const expanded = !narrow.matches || open.has(item.card);
    item.card.dataset.expanded = String(expanded);
    item.body.hidden = !expanded;
    item.title.querySelector("button")?.setAttribute("aria-expanded", String(expanded));
  }

  function toggle(item: (typeof cards)[number]) {
    if (!open.delete(item.card)) open.add(item.card);
    show(item);
  }

  function layout() {
    if (hint) hint.hidden = !narrow.matches;
    for (const item of cards) {
      if (narrow.matches) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "premium-card-toggle";
        button.setAttribute("aria-controls", item.body.id);
        button.append(...item.nodes);
        button.addEventListener("click", () => toggle(item));
        item.title.replaceChildren(button);
      } else {
        item.title.replaceChildren(...item.nodes);
      }
      show(item);
    }
  }

  for (const item of cards) {
    item.card.addEventListener("click", (event) => {
      if (narrow.matches && !(event.target as Element).closest("a, button")) toggle(item);
    });
  }
  narrow.addEventListener("change", layout);
  layout();
}
