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
