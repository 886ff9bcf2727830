/*
 * The section tabs (SubMenu in app/components/layout/page-shell.tsx). On a phone they scroll
 * sideways: the current tab is brought into view (horizontally only), and the edges that hide more
 * tabs are marked (`data-more`, faded out in layout.css).
 */

function markEdges(list: HTMLElement) {
  const start = list.scrollLeft > 1;
  const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
  const more = start && end ? "both" : start ? "start" : end ? "end" : "";
  if (more) list.dataset.more = more;
  else delete list.dataset.more;
}

const seen = new WeakSet<HTMLElement>();
const lists: HTMLElement[] = [];

/** Attaches to the tab strips not seen yet (a hydrated page may render new ones). */
export function enhanceSubMenus() {
  for (const list of document.querySelectorAll<HTMLElement>(".sub-menu ul")) {
    if (seen.has(list)) continue;
    seen.add(list);
    if (!lists.length) window.addEventListener("resize", () => lists.forEach(markEdges));
    lists.push(list);
    const current = list.querySelector('[aria-current="page"]')?.parentElement;
    if (current && list.scrollWidth > list.clientWidth) {
      const box = list.getBoundingClientRect();
      const tab = current.getBoundingClientRect();
      list.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
    }
    markEdges(list);
    list.addEventListener("scroll", () => markEdges(list), { passive: true });
  }
}
