import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { MAX_RESULTS, type SearchResult } from "~/console/content-search";

/*
 * 항목 찾기 over every section of the editor (app/console/content-search.ts: labels, help texts, values
 * and a few other words), made on the server. Without the script a GET form: the section's page
 * again with `?q=`, the results listed. With it the results come as one types
 * (/admin/content/search), each a link to its field: on this page the field is focused (and the
 * matches here are marked in the form), on another section's page that page opens at the field.
 * Enter goes to the first, the arrow keys move along the list. Typing here is no change of the
 * draft (it sits outside the form and its autosave).
 */

export type SearchAnswer = { q: string; results: SearchResult[]; total: number };

/**
 * Focus on the field (a group: its first control), opening the folded entries it is in; `center`:
 * scrolled into the middle of the screen (a search result, a problem), else only as far as needed
 * (after a list edit, where the control is near).
 */
export function goToField(id: string, center = true, tries = 20) {
  const target = document.getElementById(id);
  if (!target) {
    // Inside a folded entry of a long list, not drawn yet: it opens, and is drawn, then the field.
    const path = id.replace(/^f-/, "").split(".");
    for (let n = path.length; n > 0 && tries > 0; n--) {
      const box = document.querySelector<HTMLDetailsElement>(
        `details[data-entry="${CSS.escape(path.slice(0, n).join("."))}"]`,
      );
      if (!box) continue;
      box.open = true;
      setTimeout(() => goToField(id, center, tries - 1), 50);
      return;
    }
    return;
  }
  const control = target.matches("input, select, textarea, button")
    ? target
    : target.querySelector<HTMLElement>(
        "input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled])",
      );
  for (
    let box = target.closest("details");
    box;
    box = box.parentElement?.closest("details") ?? null
  )
    box.open = true;
  if (center) target.scrollIntoView({ block: "center" });
  (control ?? target).focus({ preventScroll: center });
}

/** How long typing pauses before the results are asked for. */
const SEARCH_MS = 150;

export function FieldSearch({
  action,
  siteQuery,
  siteId,
  group,
  initial,
  hydrated,
}: {
  /** The section page's path (the form's GET without the script). */
  action: string;
  /** `?site=<id>` when the complex is not the host's, else "". */
  siteQuery: string;
  siteId: string;
  /** This page's section: its results are focused here, the others' open their page. */
  group: string;
  /** The results the page was loaded with (`?q=`). */
  initial: SearchAnswer | null;
  hydrated: boolean;
}) {
  const [query, setQuery] = useState(initial?.q ?? "");
  const fetcher = useFetcher<SearchAnswer>();
  const navigate = useNavigate();
  const asked = useRef(initial?.q ?? "");
  const words = query.trim();

  useEffect(() => {
    if (!hydrated || words === asked.current) return;
    const timer = setTimeout(() => {
      asked.current = words;
      if (words)
        void fetcher.load(
          `/admin/content/search?site=${encodeURIComponent(siteId)}&q=${encodeURIComponent(words)}`,
        );
    }, SEARCH_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetcher.load is stable enough
  }, [words, hydrated, siteId]);

  const found: SearchAnswer | null = !words
    ? null
    : fetcher.data && fetcher.data.q === words
      ? fetcher.data
      : initial && initial.q === words
        ? initial
        : (fetcher.data ?? null);
  const results = useMemo(() => found?.results ?? [], [found]);

  // The matches on this page are marked in the form (data-hit), for as long as the search holds.
  useEffect(() => {
    const marked: Element[] = [];
    for (const m of results) {
      if (m.group !== group) continue;
      const field = document.getElementById(m.id)?.closest("[data-field]");
      if (!field) continue;
      // The field, and the label of each folded entry it is in.
      const summaries: Element[] = [];
      for (
        let box = field.closest("details");
        box;
        box = box.parentElement?.closest("details") ?? null
      )
        if (box.firstElementChild) summaries.push(box.firstElementChild);
      for (const element of [field, ...summaries]) {
        element.setAttribute("data-hit", "");
        marked.push(element);
      }
    }
    return () => marked.forEach((f) => f.removeAttribute("data-hit"));
  }, [results, group]);

  const open = (result: SearchResult) => {
    if (result.group === group) goToField(result.id);
    else void navigate(result.href);
  };

  const links = (event: KeyboardEvent<HTMLElement>) => [
    ...(event.currentTarget
      .closest(".cf-search")
      ?.querySelectorAll<HTMLAnchorElement>(".cf-results a") ?? []),
  ];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With the script: to the first result once the list is there (else the page with `?q=`).
    if (found?.q !== words) return;
    event.preventDefault();
    if (results[0]) open(results[0]);
  };
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      links(event)[0]?.focus();
    } else if (event.key === "Escape") {
      setQuery("");
    }
  };
  const onResultKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const all = links(event);
    const at = all.indexOf(event.currentTarget);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    if (next < 0) event.currentTarget.closest(".cf-search")?.querySelector("input")?.focus();
    else all[next]?.focus();
  };
  const site = new URLSearchParams(siteQuery).get("site");

  return (
    <form
      role="search"
      method="get"
      action={action}
      className="cf-search"
      onSubmit={hydrated ? onSubmit : undefined}
      // Typing here is no edit of the draft.
      onInput={(event) => event.stopPropagation()}
      onChange={(event) => event.stopPropagation()}
    >
      <label htmlFor="cf-search-input">항목 찾기</label>
      <div className="cf-search-row">
        {site ? <input type="hidden" name="site" value={site} /> : null}
        <input
          id="cf-search-input"
          name="q"
          type="search"
          value={query}
          placeholder="예: 전화번호, 대표 색, 단지 이름"
          autoComplete="off"
          aria-describedby="cf-search-count"
          aria-controls="cf-search-results"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onInputKey}
        />
        <button type="submit" className="btn btn-outline btn-small">
          찾기
        </button>
      </div>
      <p id="cf-search-count" className="cf-search-count" role="status">
        {found && words
          ? found.total
            ? `${found.total}개 항목${found.total > MAX_RESULTS ? ` (앞의 ${MAX_RESULTS}개를 보입니다)` : ""}. Enter: 첫 항목으로, ↓: 목록으로`
            : "찾는 항목이 없습니다."
          : ""}
      </p>
      <ul id="cf-search-results" className="cf-results">
        {words
          ? results.map((m) => (
              <li key={m.id}>
                <Link
                  to={m.href}
                  onKeyDown={onResultKey}
                  onClick={(event) => {
                    if (m.group !== group) return;
                    event.preventDefault();
                    goToField(m.id);
                  }}
                >
                  <span className="cf-result-group">{m.trail.slice(0, -1).join(" › ")}</span>
                  <span className="cf-result-label">{m.trail.at(-1)}</span>
                </Link>
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
