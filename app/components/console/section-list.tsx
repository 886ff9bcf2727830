import { useEffect, useRef, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { sectionHref } from "~/lib/content-href";
import type { SectionItem } from "~/console/content-answer";

/*
 * The editor's sections beside the form (a column from 1100 px, a row that scrolls sideways on a
 * phone): each a link to its page with its count of problems that block 게시, the current one
 * marked (aria-current) and, while its changes are not saved yet, "저장 안 됨". With the script the
 * list is one stop of the Tab key (the current section's link; the arrow keys, Home and End move
 * along it), so that the section's first field is a few presses away; without it, every link is.
 */

/**
 * The current section's link in sight within the boxes that scroll it (the row on a phone, the
 * side column from 1100 px), the page itself not moved: of 19 sections, a later one is past the edge.
 */
function showWithin(link: HTMLElement) {
  for (let box = link.parentElement; box && box !== document.body; box = box.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(box);
    const b = box.getBoundingClientRect();
    const r = link.getBoundingClientRect();
    if (/auto|scroll/.test(overflowX) && (r.left < b.left || r.right > b.right))
      box.scrollLeft += r.left - b.left - 16;
    if (/auto|scroll/.test(overflowY) && (r.top < b.top || r.bottom > b.bottom))
      box.scrollTop += r.top - b.top - 16;
  }
}

const MOVES: Record<string, (at: number, n: number) => number> = {
  ArrowDown: (at, n) => (at + 1) % n,
  ArrowRight: (at, n) => (at + 1) % n,
  ArrowUp: (at, n) => (at - 1 + n) % n,
  ArrowLeft: (at, n) => (at - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function SectionList({
  sections,
  current,
  siteId,
  unsaved,
  hydrated,
}: {
  sections: SectionItem[];
  current: string;
  siteId: string;
  unsaved: boolean;
  hydrated: boolean;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const here = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (here) showWithin(here);
  }, [current]);
  const onKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const move = MOVES[event.key];
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    if (!move || !links.length) return;
    event.preventDefault();
    const next = links[move(links.indexOf(event.currentTarget), links.length)];
    next?.focus();
    next?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  return (
    <nav className="cf-sections" aria-label="콘텐츠 섹션" aria-describedby="cf-sections-hint">
      <p id="cf-sections-hint" className="sr-only">
        화살표 키로 섹션을 옮겨 다니고 Enter로 엽니다.
      </p>
      <ol ref={list}>
        {sections.map((s) => {
          const here = s.id === current;
          return (
            <li key={s.id}>
              <Link
                to={sectionHref(siteId, s.id)}
                aria-current={here ? "page" : undefined}
                tabIndex={hydrated && !here ? -1 : undefined}
                onKeyDown={onKey}
              >
                <span className="cf-section-name">{s.title}</span>
                {s.problems ? (
                  <span className="cf-section-count">
                    <span className="sr-only">고칠 곳 </span>
                    {s.problems}
                    <span className="sr-only">곳</span>
                  </span>
                ) : null}
                {here && unsaved ? <span className="cf-section-unsaved">저장 안 됨</span> : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
