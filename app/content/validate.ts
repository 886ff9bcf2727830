import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { normalizePhone } from "../lib/phone";
import { upgradeDocument } from "./identity";
import { contentSchema, siteMetaSchema, type Site } from "./schema";

z.config(z.locales.ko());

/** "은" or "는" after a word, as Korean writes it (a word ending in a consonant takes 은). */
function topicParticle(word: string): string {
  const last = word.at(-1) ?? "";
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 === 0 ? "는" : "은";
  if (/[0136789]/.test(last)) return "은"; // 영, 일, 삼, 육, 칠, 팔
  if (/[245]/.test(last)) return "는"; // 이, 사, 오
  return "은(는)";
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** `identity.phone "전화번호아님"은 전화번호 형식이 아닙니다`: the field, its value in the file, the message. */
function describe(path: readonly PropertyKey[], input: unknown, message: string): string {
  const field = path.map(String).join(".") || "(파일 전체)";
  const value = valueAt(input, path);
  if (typeof value === "string" || typeof value === "number") {
    const shown = String(value).length > 40 ? `${String(value).slice(0, 40)}…` : String(value);
    return `${field} "${shown}"${topicParticle(shown)} ${message}`;
  }
  return `${field}: ${message}`;
}

/**
 * The first field whose checked value is not the file's, or null. A phone number is the one value
 * the schema may change: it is shown in its hyphenated form however the file writes it.
 */
function changedField(checked: unknown, input: unknown, path: string[] = []): string[] | null {
  if (typeof checked === "string" && typeof input === "string")
    return checked === input || checked === normalizePhone(input) ? null : path;
  if (checked && input && typeof checked === "object" && typeof input === "object") {
    if (Array.isArray(checked) !== Array.isArray(input)) return path;
    const at = (o: object, key: string) => (o as Record<string, unknown>)[key];
    for (const key of new Set([...Object.keys(checked), ...Object.keys(input)])) {
      const changed = changedField(at(checked, key), at(input, key), [...path, key]);
      if (changed) return changed;
    }
    return null;
  }
  return isDeepStrictEqual(checked, input) ? null : path;
}

/** One problem of a complex's data: its field's path (`identity.phone`; "" for the whole) and the message naming it. */
/**
 * A problem of a complex's data at the field `path`: the schema's Korean `message`, and the build's
 * (`described`: the field and its value named, as a file's reader needs them).
 */
export type SiteProblem = { path: string; message: string; described?: string };

/** A problem of a complex's data: the field's path in the data and the schema's Korean message. */
type SiteIssue = { path: PropertyKey[]; message: string };

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * A complex's data (a `site.yaml` parsed, or a console form read back) checked against the schema:
 * the complex as the site shows it, or every problem by the path of its field, each with the
 * schema's message (`message`) and the build's (`described`, naming the field and its value).
 */
function check(
  document: unknown,
): { site: Site; issues: [] } | { site?: never; issues: (SiteIssue & { described: string })[] } {
  // A document of an older shape is checked as today's (identity.ts).
  const input = upgradeDocument(document);
  const meta = siteMetaSchema.safeParse(input);
  const body =
    input && typeof input === "object"
      ? Object.fromEntries(Object.entries(input).filter(([k]) => !(k in siteMetaSchema.shape)))
      : input;
  const content = contentSchema.safeParse(body);
  const issues = [
    ...(meta.success ? [] : meta.error.issues.map((i) => ({ i, of: input }))),
    ...(content.success ? [] : content.error.issues.map((i) => ({ i, of: body }))),
  ].map(({ i, of }) => ({
    path: i.path,
    message: i.message,
    described: describe(i.path, of, i.message),
  }));
  if (issues.length > 0) return { issues };
  const site = { ...meta.data!, ...content.data! };
  const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
  const changed = changedField(asJson(site), asJson(input));
  if (changed) {
    const problem = "스키마가 바꾸는 값입니다 (앞뒤 공백 등). 파일의 값을 정리해 주세요.";
    return {
      issues: [{ path: changed, message: problem, described: describe(changed, input, problem) }],
    };
  }
  return { site, issues: [] };
}

/**
 * Every problem of a complex's data, each with its field's path: the console shows each message
 * beside its field and blocks publishing while one remains (issue 29). The same messages as the build's.
 */
export function siteProblems(input: unknown): SiteProblem[] {
  return check(input).issues.map((i) => ({
    path: pathOf(i.path),
    message: i.message,
    described: i.described,
  }));
}

/**
 * A complex's data (its `sites/<id>/site.yaml`, parsed) checked against the schema. Invalid data
 * stops the build with a Korean message naming the file and every field at fault. The data must
 * already be in its final form (trimmed text, no defaults to fill in): the site shows it as written,
 * but for phone numbers, which it shows in their hyphenated form.
 */
export function validateSite(input: unknown, file: string): Site {
  const { site, issues } = check(input);
  if (!site) throw new Error(issues.map((i) => `${file}: ${i.described}`).join("\n"));
  return site;
}
