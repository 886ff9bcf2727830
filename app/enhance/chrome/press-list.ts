/*
 * The press list's "더보기" (app/components/press/press-table.tsx): a link to the next page, which
 * with JavaScript is fetched and its rows appended to the table; focus moves to the first new
 * title. Should the page not come, the link is followed as without JavaScript.
 */

const LOADING = "불러오는 중…";

async function loadMore(list: HTMLElement, more: HTMLAnchorElement) {
  const label = more.textContent;
  more.setAttribute("aria-disabled", "true");
  more.textContent = LOADING;
  const href = more.href;
  try {
    const res = await fetch(href, { headers: { Accept: "text/html" } });
    if (!res.ok) throw new Error(`${res.status}`);
    const next = new DOMParser().parseFromString(await res.text(), "text/html");
    const nextList = next.querySelector<HTMLElement>("[data-press-list]");
    const body = list.querySelector("tbody");
    if (!nextList || !body) throw new Error("no list");
    // Only the page that continues where the list ends.
    const shown = Number(list.dataset.before ?? 0) + body.rows.length;
    if (Number(nextList.dataset.before) !== shown) throw new Error("another list");
    const rows = [...nextList.querySelectorAll("tbody tr")].map((row) =>
      document.importNode(row, true),
    );
    body.append(...rows);
    const nextMore = nextList.querySelector<HTMLAnchorElement>("[data-press-more]");
    if (nextMore) {
      more.href = nextMore.href;
      more.removeAttribute("aria-disabled");
      more.textContent = label;
    } else {
      more.remove();
    }
    const status = list.querySelector("[data-press-status]");
    if (status) status.textContent = `보도자료 ${shown + rows.length}건을 표시하고 있습니다.`;
    rows[0]?.querySelector<HTMLElement>("[data-post]")?.focus();
  } catch {
    window.location.assign(href);
  }
}

export function enhancePressList() {
  document.addEventListener("click", (event) => {
    const more = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(
      "[data-press-list] a[data-press-more]",
    );
    if (!more) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    const list = more.closest<HTMLElement>("[data-press-list]")!;
    if (more.getAttribute("aria-disabled") !== "true") void loadMore(list, more);
  });
}
