import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** axe's serious and critical WCAG 2.1 AA findings on a page (or the part `include` selects), one line each. */
export async function seriousA11yViolations(
  page: Page,
  label: string,
  include?: string,
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "best-practice",
  ]);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/** The WCAG 2.0/2.1/2.2 A and AA tags the accessibility test holds every route to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every WCAG A/AA violation axe finds on the page, whatever its impact, one line per element.
 * `exclude`: parts already checked elsewhere (the layout every page shares).
 */
export async function wcagViolations(
  page: Page,
  label: string,
  exclude: string[] = [],
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) ${n.target.join(" ")} — ${v.help}`),
  );
}
