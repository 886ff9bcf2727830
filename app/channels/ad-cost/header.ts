/*
 * Reading a report's header: cells compared without spaces or case, so "총비용(VAT포함,원)" and
 * "총비용 (VAT 포함, 원)" are one column, and what a platform's header says about VAT.
 */
import { normalise, type TableRow } from "~/tables/header";
import type { ColumnSpec, Platform } from "./cost-rows";

/** What a platform makes of a header: the columns to read, or why the whole file is refused. */
export type Reading = { spec: ColumnSpec } | { refuse: string };

export interface ColumnPlatform {
  platform: Platform;
  /** The reading when `header` is this platform's; `body` is every row below it. */
  read(header: readonly string[], body: readonly TableRow[]): Reading | null;
}

/** The index of the first of `names` the header has (earlier names preferred). */
export function column(header: readonly string[], ...names: string[]): number | undefined {
  const cells = header.map(normalise);
  for (const name of names) {
    const at = cells.indexOf(normalise(name));
    if (at >= 0) return at;
  }
  return undefined;
}

/** Whether a cost column's title says VAT is included, excluded, or nothing about it. */
export function vatInTitle(title: string | undefined): boolean | undefined {
  const t = normalise(title ?? "");
  if (/vat(포함|incl)/.test(t)) return true;
  if (/vat(별도|제외|excl)/.test(t)) return false;
  return undefined;
}
