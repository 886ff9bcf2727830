import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";

/** axe-core's minified script, put into each page checked. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe run in the page itself: its script put in once, then `axe.run` on the page (or the part
 * `include` selects, leaving out `exclude`). Not @axe-core/playwright, which puts the script in
 * twice and gathers the results in a new blank page, three times what the rules take on our pages
 * (a new page costs Chromium about a CPU-second); what it adds is for frames of another origin,
 * which our pages do not load here (embeds are cut off, support/browser.ts).
 */
async function runAxe(
  page: Page,
  tags: string[],
  { include, exclude = [] }: { include?: string; exclude?: string[] } = {},
): Promise<AxeResults> {
  await page.evaluate(AXE_SOURCE);
  // Plain JSON both ways (axe's own types are too deep for Playwright's serialisation types).
  const context = {
    ...(include ? { include: [[include]] } : {}),
    exclude: exclude.map((s) => [s]),
  };
  const json = await page.evaluate(
    async ({ context, tags }) => {
      const { axe } = window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<unknown> };
      };
      return JSON.stringify(await axe.run(context, { runOnly: { type: "tag", values: tags } }));
    },
    { context, tags },
  );
  return JSON.parse(json) as AxeResults;
}

/** axe's serious and critical WCAG 2.1 AA findings on a page (or the part `include` selects), one line each. */
export async function seriousA11yViolations(
  page: Page,
  label: string,
  include?: string,
): Promise<string[]> {
  const result = await runAxe(page, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"], {
    include,
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/** The WCAG 2.0/2.1/2.2 A and AA tags the accessibility test holds every route to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every WCAG A/AA violation axe finds on the page, whatever its impact, and its best-practice
 * findings that are serious or critical, one line per element. `exclude`: parts already checked
 * elsewhere (the layout every page shares).
 */
export async function wcagViolations(
  page: Page,
  label: string,
  exclude: string[] = [],
): Promise<string[]> {
  const result = await runAxe(page, [...WCAG_TAGS, "best-practice"], { exclude });
  const wcag = (tags: string[]) => tags.some((tag) => WCAG_TAGS.includes(tag));
  const shown = result.violations.filter(
    (v) => wcag(v.tags) || v.impact === "serious" || v.impact === "critical",
  );
  return shown.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) ${n.target.join(" ")} — ${v.help}`),
  );
}

/** Attributes whose value is a list of ids (ARIA relations) or one id (a label's `for`). */
const ID_LISTS = [
  "aria-controls",
  "aria-labelledby",
  "aria-describedby",
  "aria-owns",
  "aria-details",
  "aria-errormessage",
];
const ID_ONE = ["for", "aria-activedescendant"];

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" };
const decode = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(Number(e[1] === "x" || e[1] === "X" ? `0${e.slice(1)}` : e.slice(1)))
      : (ENTITIES[e.toLowerCase()] ?? whole),
  );

/** The values of an attribute in server-rendered markup (React writes `name="value"`). */
const values = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, "g"))].map((m) => decode(m[1]!));

/**
 * What is wrong with a page's ids, one line each: an id that is not one token (empty, or holding
 * whitespace: a reference to it can never match), an id used twice, and a reference —
 * aria-controls, aria-labelledby, aria-describedby…, a label's `for`, a link to `#…` — naming no id
 * of the page. A `<template>`'s markup (the popup, drawn by the script) may name the page's ids and
 * its own.
 */
export function idProblems(html: string): string[] {
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "");
  const templates = [...markup.matchAll(/<template\b[^>]*>([\s\S]*?)<\/template>/gi)].map(
    (m) => m[1]!,
  );
  const page = markup.replace(/<template\b[\s\S]*?<\/template>/gi, "");
  const problems: string[] = [];
  const check = (part: string, known: Set<string>, where: string) => {
    const ids = values(part, "id");
    for (const id of ids)
      if (id === "" || /\s/.test(id)) problems.push(`${where}id="${id}" is not one token`);
    const all = new Set([...known, ...ids]);
    for (const name of ID_LISTS)
      for (const value of values(part, name))
        for (const ref of value.split(/\s+/).filter(Boolean))
          if (!all.has(ref)) problems.push(`${where}${name}="${value}" names no id "${ref}"`);
    for (const name of ID_ONE)
      for (const ref of values(part, name))
        if (!all.has(ref)) problems.push(`${where}${name}="${ref}" names no id`);
    for (const href of values(part, "href"))
      if (href.startsWith("#") && href.length > 1 && !all.has(decodeURIComponent(href.slice(1))))
        problems.push(`${where}href="${href}" names no id`);
    return ids;
  };
  const pageIds = check(page, new Set(), "");
  const seen = new Set<string>();
  for (const id of pageIds) {
    if (seen.has(id)) problems.push(`id="${id}" is used twice`);
    seen.add(id);
  }
  for (const template of templates) check(template, seen, "<template> ");
  return problems;
}
