import { afterNextPaint } from "../events";

/*
 * The unit-type viewer of the phone layout (components/home/unit-viewer.tsx): tabs (arrow keys,
 * Home and End move between them) and previous/next arrows, disabled at the ends. The chosen type's
 * panel comes from its <template>; putting it in place restarts the frame's 500 ms fade-in. The
 * tab is marked in the frame that answers the tap and the panel follows in the next one: cloning
 * it, its style, layout and paint held that first frame for about 60 ms on a phone slowed 4×
 * (issue 21, item 5).
 */
export function enhanceUnitViewer(viewer: HTMLElement): void {
  const tabs = Array.from(viewer.querySelectorAll<HTMLAnchorElement>('[role="tab"]'));
  const panels = Array.from(
    viewer.querySelectorAll<HTMLTemplateElement>("template[data-unit-panel]"),
  );
  const panel = viewer.querySelector<HTMLElement>('[role="tabpanel"]');
  const prev = viewer.querySelector<HTMLButtonElement>(".unit-arrow-prev");
  const next = viewer.querySelector<HTMLButtonElement>(".unit-arrow-next");
  if (!panel || !prev || !next || !tabs.length || panels.length !== tabs.length) return;
  const last = tabs.length - 1;
  let index = Math.max(
    0,
    tabs.findIndex((tab) => tab.getAttribute("aria-selected") === "true"),
  );
  /** The type whose panel is in place (the server rendered the selected one's). */
  let shown = index;

  function showPanel() {
    if (shown === index) return;
    shown = index;
    panel!.setAttribute("aria-labelledby", tabs[index]!.id);
    panel!.replaceChildren(panels[index]!.content.cloneNode(true));
  }

  function select(i: number, focus = false) {
    const to = Math.max(0, Math.min(last, i));
    if (to !== index) {
      index = to;
      tabs.forEach((tab, n) => {
        tab.setAttribute("aria-selected", String(n === to));
        tab.tabIndex = n === to ? 0 : -1;
      });
      afterNextPaint(showPanel);
    }
    // An arrow pressed to the end is disabled under the visitor's focus: it goes to the other arrow,
    // not to the top of the page.
    const pressed = document.activeElement;
    prev!.disabled = to === 0;
    next!.disabled = to === last;
    if (focus) tabs[to]!.focus();
    else if (pressed === prev && prev!.disabled) next!.focus();
    else if (pressed === next && next!.disabled) prev!.focus();
  }

  tabs.forEach((tab, i) =>
    tab.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      select(i);
    }),
  );
  tabs[0]!.parentElement!.addEventListener("keydown", (event) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to, true);
  });
  prev.addEventListener("click", () => select(index - 1));
  next.addEventListener("click", () => select(index + 1));
  select(index);
}
