import { useDeferredValue, useEffect, useMemo, useState, type KeyboardEvent } from "react";
import {
  entryLabel,
  fieldAt,
  fieldId,
  imageOwnFields,
  isContainer,
  kindOf,
  RECORD_KEY,
  type FieldSchema,
} from "~/lib/form-schema";
import type { ConsoleGroup } from "./groups";

/*
 * The search over the fields' labels: as a person types, the fields whose label (or the labels of
 * the groups around it) hold the words are listed as links to them, and highlighted in the form.
 * Enter goes to the first, the arrow keys move along the list.
 */

type Entry = { id: string; trail: string[]; text: string };

/** Every field of the form with the labels of the groups around it. */
export function searchIndex(schema: FieldSchema, root: unknown, groups: ConsoleGroup[]): Entry[] {
  const out: Entry[] = [];
  const visit = (node: FieldSchema, value: unknown, name: string, trail: string[]) => {
    out.push({ id: fieldId(name), trail, text: trail.join(" ").toLowerCase() });
    const kind = kindOf(node);
    // A group that is absent (optional) shows only its add button.
    if (!isContainer(kind) || value === undefined) return;
    if (kind === "object" || kind === "image") {
      const props = kind === "image" ? imageOwnFields(node) : (node.properties ?? {});
      for (const [key, child] of Object.entries(props)) {
        const v = (value as Record<string, unknown>)[key];
        visit(child, v, `${name}.${key}`, [...trail, child.title ?? key]);
      }
    } else if (kind === "array" || kind === "tuple") {
      const items = Array.isArray(value) ? value : [];
      items.forEach((item, i) => {
        const child = kind === "array" ? node.items : node.prefixItems?.[i];
        if (!child) return;
        // As the form labels it: an entry of fields by what names it, a text by its number.
        const label =
          kind === "tuple"
            ? (child.title ?? String(i))
            : isContainer(kindOf(child))
              ? entryLabel(i, item)
              : `${child.title ?? node.title ?? ""} ${i + 1}`;
        visit(child, item, `${name}.${i}`, [...trail, label]);
      });
    } else if (kind === "record") {
      Object.entries((value ?? {}) as Record<string, unknown>).forEach(([key, v], i) => {
        const label = [...trail, entryLabel(i, v, key)];
        out.push({
          id: fieldId(`${name}.${i}.${RECORD_KEY}`),
          trail: [...label, node.propertyNames?.title ?? "키"],
          text: [...label, node.propertyNames?.title ?? ""].join(" ").toLowerCase(),
        });
        visit(node.additionalProperties as FieldSchema, v, `${name}.${i}`, label);
      });
    }
  };
  for (const group of groups)
    for (const section of group.sections) {
      const at = fieldAt(schema, root, section.split("."));
      if (at.schema) visit(at.schema, at.value, section, [group.title, at.schema.title ?? section]);
    }
  return out;
}

/**
 * The fields whose labels (their own and their groups') hold every word, one at least in their own
 * label: a group that matches lists itself, not each field in it.
 */
export function matchFields(index: Entry[], query: string): Entry[] {
  const parts = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!parts.length) return [];
  return index.filter(
    (e) =>
      parts.every((p) => e.text.includes(p)) &&
      parts.some((p) => e.trail.at(-1)!.toLowerCase().includes(p)),
  );
}

/**
 * Focus on the field (a group: its first control), opening the folded entries it is in; `center`:
 * scrolled into the middle of the screen (a search result, a problem), else only as far as needed
 * (after a list edit, where the control is near).
 */
export function goToField(id: string, center = true) {
  const target = document.getElementById(id);
  if (!target) return;
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

const MAX_SHOWN = 40;

export function FieldSearch({
  schema,
  root,
  groups,
  hydrated,
}: {
  schema: FieldSchema;
  root: unknown;
  groups: ConsoleGroup[];
  hydrated: boolean;
}) {
  const [query, setQuery] = useState("");
  const words = useDeferredValue(query.trim().toLowerCase());
  // Made when a search starts, again when the lists change (not on every key).
  const searching = words !== "";
  const index = useMemo(
    () => (searching ? searchIndex(schema, root, groups) : []),
    [searching, schema, root, groups],
  );
  const matches = useMemo(() => matchFields(index, words), [index, words]);

  // The matching fields are marked in the form (data-hit), for as long as the search holds.
  useEffect(() => {
    const marked: Element[] = [];
    for (const m of matches) {
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
  }, [matches]);

  const results = (event: KeyboardEvent<HTMLElement>) => [
    ...(event.currentTarget
      .closest(".cf-search")
      ?.querySelectorAll<HTMLAnchorElement>(".cf-results a") ?? []),
  ];

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && matches[0]) {
      event.preventDefault();
      goToField(matches[0].id);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      results(event)[0]?.focus();
    } else if (event.key === "Escape") {
      setQuery("");
    }
  };
  const onResultKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const links = results(event);
    const at = links.indexOf(event.currentTarget);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    if (next < 0) event.currentTarget.closest(".cf-search")?.querySelector("input")?.focus();
    else links[next]?.focus();
  };

  return (
    <div role="search" className="cf-search" hidden={!hydrated}>
      <label htmlFor="cf-search-input">항목 찾기</label>
      <input
        id="cf-search-input"
        type="search"
        value={query}
        placeholder="예: 전화번호, 평면도"
        autoComplete="off"
        aria-describedby="cf-search-count"
        aria-controls="cf-search-results"
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onInputKey}
      />
      <p id="cf-search-count" className="cf-search-count" role="status">
        {words
          ? matches.length
            ? `${matches.length}개 항목${matches.length > MAX_SHOWN ? ` (앞의 ${MAX_SHOWN}개를 보입니다)` : ""}. Enter: 첫 항목으로, ↓: 목록으로`
            : "찾는 항목이 없습니다."
          : ""}
      </p>
      <ul id="cf-search-results" className="cf-results">
        {matches.slice(0, MAX_SHOWN).map((m) => (
          <li key={m.id}>
            <a
              href={`#${m.id}`}
              onKeyDown={onResultKey}
              onClick={(event) => {
                event.preventDefault();
                goToField(m.id);
              }}
            >
              <span className="cf-result-group">{m.trail.slice(0, -1).join(" › ")}</span>
              <span className="cf-result-label">{m.trail.at(-1)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
