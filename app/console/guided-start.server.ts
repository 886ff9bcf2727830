import { identitySchema, siteJsonSchema } from "~/content/schema";
import { contrastRatio, MIN_CONTRAST, themeContrastProblems } from "~/lib/contrast";
import { problemField, type FieldSchema } from "~/console/form-schema";
import { normalizePhone } from "~/lib/phone";
import { requireArea } from "~/auth/guards.server";
import { field } from "~/http/form.server";
import { requestSiteId } from "~/sites/request-site.server";
import { withScheme } from "~/sites/host-name.server";
import { BASIC_FACTS } from "~/console/guided-start";
import { getDraft, saveDraft } from "./content-store.server";
import { leftoversOf } from "./copy-source.server";
import { leftoverTerms, replaceInLeftovers } from "~/console/leftovers";
import type { IdentityFact } from "./complexes.server";

/*
 * The server side of 새 단지's guided start (app/console/guided-start.ts; docs/decisions/044): reading
 * and checking each step's form, and writing its values into the draft. A step's refusal answers
 * every message at its field and every value as typed, so the form comes back as it was sent.
 */

/** The guided start's account: an 에이전시 관리자 (단지 관리 on every complex), or the sign-in/404. */
export const requireAgencyAdmin = (request: Request) =>
  requireArea(request, requestSiteId(request), "complexes");

type FieldErrors = Record<string, string>;
type Values = Record<string, string>;

const trimmed = (form: FormData, name: string) => field(form, name).trim();

/**
 * The first step's identity facts as typed (blank: the copied value stays, and 확인 lists it),
 * with a message at each that the schema refuses.
 */
export function basicFacts(form: FormData) {
  const values: Values = {};
  const errors: FieldErrors = {};
  const identity: Partial<Record<IdentityFact, string>> = {};
  for (const { name } of BASIC_FACTS) {
    const value = trimmed(form, name);
    values[name] = value;
    if (!value || name === "name") continue;
    if (name === "phone") {
      const phone = normalizePhone(value);
      if (!phone) errors.phone = "대표 전화를 1600-0000이나 031-123-4567처럼 적어 주세요";
      else identity.phone = phone;
      continue;
    }
    const checked = identitySchema.shape[name].safeParse(value);
    if (checked.success) identity[name] = checked.data as string;
    else errors[name] = checked.error.issues[0]?.message ?? "값을 확인해 주세요";
  }
  if (!values.name) errors.name = "단지명을 입력해 주세요";
  return { values, errors, identity };
}

/** The first step's address fields: the id, the hosts (with the scheme chosen beside them). */
export function newComplexAddress(form: FormData) {
  const id = trimmed(form, "id").toLowerCase();
  const scheme = field(form, "scheme");
  const hostsTyped = field(form, "hosts");
  const hosts = hostsTyped
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    .map((h) => withScheme(h, scheme));
  return {
    id,
    hosts,
    values: { id, hosts: hostsTyped, scheme, copyFrom: field(form, "copyFrom") },
  };
}

/** A step's document: the draft's content and revision, or null when the complex is unknown. */
export async function stepDraft(siteId: string) {
  const draft = await getDraft(siteId);
  return draft ? { content: structuredClone(draft.content), revision: draft.revision } : null;
}

type Doc = Record<string, unknown>;
const objectAt = (doc: Doc, key: string): Doc => {
  const v = doc[key];
  if (v && typeof v === "object" && !Array.isArray(v)) return v as Doc;
  const made: Doc = {};
  doc[key] = made;
  return made;
};

/** Saves a step's change of the draft; a message when another editor saved meanwhile. */
export async function saveStep(
  siteId: string,
  content: Doc,
  revision: number,
  by: string,
): Promise<string | null> {
  const saved = await saveDraft(siteId, content, { revision }, by);
  if (saved.ok) return null;
  return saved.reason === "stale"
    ? `그사이 ${saved.savedBy}님이 이 단지를 저장했습니다. 화면을 새로 고친 뒤 다시 입력해 주세요.`
    : "없는 단지입니다";
}

/** The first step again, for a complex already made: its facts as typed, into the draft. */
export function applyBasics(
  content: Doc,
  name: string,
  facts: Partial<Record<IdentityFact, string>>,
) {
  const identity = objectAt(content, "identity");
  Object.assign(identity, facts, { name });
}

const HEX = /^#[0-9a-f]{6}$/;

/**
 * 대표 색 as typed: the hex text when it was changed from the colour shown (`was`), else the
 * colour picker's (a browser without the script sends both). A message under 4.5:1 on white, the
 * words of app/lib/contrast.ts.
 */
export function colorOf(form: FormData, content: Doc): { value: string; error?: string } {
  const was = field(form, "was").toLowerCase();
  const typed = trimmed(form, "color").toLowerCase();
  const picked = field(form, "colorPick").toLowerCase();
  const raw = typed && typed !== was ? typed : picked || typed;
  const value = raw && !raw.startsWith("#") ? `#${raw}` : raw;
  if (!HEX.test(value)) {
    return { value: typed, error: "대표 색을 #1a2b3c처럼 # 뒤 여섯 자리로 적어 주세요" };
  }
  const trial = structuredClone(content);
  objectAt(trial, "identity").color = value;
  const problem = themeContrastProblems(trial).find((p) => p.path === "identity.color");
  if (problem) return { value, error: problem.message };
  // No theme problem can be named without a full theme: the white text on it is checked here.
  if (contrastRatio("#ffffff", value) < MIN_CONTRAST) {
    return { value, error: "대표 색 바탕의 흰 글씨가 잘 읽히도록 더 진한 색을 골라 주세요." };
  }
  return { value };
}

/* ---------- 주택형 ---------- */

type Unit = Doc & { key: string; label: string; path: string };

const unitsOf = (content: Doc) =>
  (Array.isArray(content.unitTypes) ? content.unitTypes : []) as Unit[];

/** The unit types as the step lists them. */
export function unitRows(content: Doc) {
  return unitsOf(content).map((u) => ({
    key: u.key,
    label: u.label,
    exclusiveArea: String(u.exclusiveArea ?? ""),
    households: String(u.households ?? ""),
  }));
}

/** `text` with the whole word `from` (not inside a longer name such as 184A) written `to`. */
function renamed(text: unknown, from: string, to: string): unknown {
  if (typeof text !== "string" || from === to) return text;
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`, "g"), to);
}

/** Every list of the document that names unit `key` (its page, menu item, tabs, interiors…). */
function eachOfUnit(content: Doc, unit: Unit, visit: (holder: Doc, fields: string[]) => void) {
  const list = (v: unknown) => (Array.isArray(v) ? (v as Doc[]) : []);
  visit(unit, []);
  for (const image of [unit.plan, unit.viewerImage]) if (image) visit(image as Doc, ["alt"]);
  for (const page of list(content.pages))
    if (page.path === unit.path) visit(page, ["title", "description", "srDescription"]);
  for (const group of list(content.menu))
    for (const item of list(group.items)) if (item.url === unit.path) visit(item, ["title"]);
  for (const tab of list(content.videoTabs))
    if (tab.unitKey === unit.key) {
      visit(tab, ["title"]);
      if (tab.poster) visit(tab.poster as Doc, ["alt"]);
    }
  const vr = content.vr as Doc | undefined;
  for (const tab of list(vr?.tabs)) if (tab.key === unit.key) visit(tab, ["title"]);
  for (const interior of list(content.interiors))
    if (interior.key === unit.key) visit(interior, ["label"]);
}

/** Renames unit `key`: its label and the same word in the texts that name it. */
function renameUnit(content: Doc, unit: Unit, label: string) {
  const old = unit.label;
  eachOfUnit(content, unit, (holder, fields) => {
    for (const f of fields) holder[f] = renamed(holder[f], old, label);
  });
  unit.label = label;
}

/** Removes unit `unit` and every entry that names it (its page, menu item, tabs, colours…). */
function removeUnit(content: Doc, unit: Unit) {
  const keep = <T>(v: unknown, ok: (item: T) => boolean) => (Array.isArray(v) ? v.filter(ok) : v);
  const units = unitsOf(content).filter((u) => u !== unit);
  content.unitTypes = units;
  const first = units[0]!;
  const interiorPaths = new Set(
    (Array.isArray(content.interiors) ? (content.interiors as Doc[]) : [])
      .filter((i) => i.key === unit.key)
      .map((i) => i.path),
  );
  const gone = (url: unknown) => url === unit.path || interiorPaths.has(url as string);
  content.interiors = keep<Doc>(content.interiors, (i) => i.key !== unit.key);
  content.pages = keep<Doc>(content.pages, (p) => !gone(p.path));
  content.redirects = keep<Doc>(content.redirects, (r) => !gone(r.to));
  for (const group of (content.menu ?? []) as Doc[])
    group.items = keep<Doc>(group.items, (i) => !gone(i.url));
  content.videoTabs = keep<Doc>(content.videoTabs, (t) => t.unitKey !== unit.key);
  const home = content.home as Doc | undefined;
  const plan = home?.unitPlan as Doc | undefined;
  if (plan) {
    plan.viewerKeys = keep<string>(plan.viewerKeys, (k) => k !== unit.key);
    if (gone(plan.link)) plan.link = first.path;
  }
  const vr = content.vr as Doc | undefined;
  if (vr && Array.isArray(vr.tabs) && vr.tabs.length > 1) {
    vr.tabs = keep<Doc>(vr.tabs, (t) => t.key !== unit.key);
    const firstTab = (vr.tabs as Doc[])[0]!.key;
    if (vr.defaultKey === unit.key) vr.defaultKey = firstTab;
    if (plan?.vrKey === unit.key) plan.vrKey = firstTab;
  }
  const remaining = content.remainingUnits as Doc | undefined;
  if (remaining?.counts && typeof remaining.counts === "object")
    delete (remaining.counts as Doc)[unit.key];
  const positions = (content.infoPages as Doc | undefined)?.unitPositions as Doc | undefined;
  if (positions) {
    positions.typeColors = keep<Doc>(positions.typeColors, (c) => c.type !== unit.key);
    for (const building of (positions.buildings ?? []) as Doc[])
      building.lines = keep<Doc>(building.lines, (l) => l.type !== unit.key);
  }
}

/** A new unit type made like the last one: its own key (area and a letter), page and menu item. */
function addUnit(content: Doc, label: string, area: number, households: number) {
  const units = unitsOf(content);
  const model = units.at(-1)!;
  const keys = new Set(units.map((u) => u.key));
  const number = Math.max(1, Math.round(area));
  const letter = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].find((l) => !keys.has(`${number}${l}`)) ?? "Z";
  const key = `${number}${letter}`;
  const path = `/FloorPlan/${key}`;
  const unit = structuredClone(model) as Unit;
  Object.assign(unit, { key, path, exclusiveArea: area, households });
  for (const image of [unit.plan, unit.viewerImage])
    if (image) (image as Doc).alt = renamed((image as Doc).alt, model.label, label);
  unit.label = label;
  units.push(unit);
  const pages = (content.pages ?? []) as Doc[];
  const page = pages.find((p) => p.path === model.path);
  if (page) {
    const copy = structuredClone(page);
    copy.path = path;
    for (const f of ["title", "description", "srDescription"])
      copy[f] = renamed(copy[f], model.label, label);
    pages.splice(pages.indexOf(page) + 1, 0, copy);
  }
  for (const group of (content.menu ?? []) as Doc[]) {
    const items = (group.items ?? []) as Doc[];
    const at = items.findIndex((i) => i.url === model.path);
    if (at >= 0) items.splice(at + 1, 0, { ...items[at], title: label, url: path });
  }
  const plan = (content.home as Doc | undefined)?.unitPlan as Doc | undefined;
  if (plan && Array.isArray(plan.viewerKeys)) plan.viewerKeys.push(key);
  const positions = (content.infoPages as Doc | undefined)?.unitPositions as Doc | undefined;
  const colors = positions?.typeColors as Doc[] | undefined;
  const modelColor = colors?.find((c) => c.type === model.key);
  if (colors && modelColor) colors.push({ ...modelColor, type: key });
}

const numberOf = (text: string) => (text.trim() === "" ? NaN : Number(text.replace(/,/g, "")));

/**
 * The 주택형 step's form applied to `content`: each row's name, 전용면적 and 세대수, the rows marked
 * 삭제 removed (never the last), and a new row added when its name is filled in. Messages by field
 * name (`label-<key>`, `area-<key>`, `households-<key>`, `new-…`).
 */
export function applyUnits(content: Doc, form: FormData) {
  const errors: FieldErrors = {};
  const values: Values = {};
  const units = [...unitsOf(content)];
  const removed = new Set(form.getAll("remove").map(String));
  for (const unit of units) {
    const label = trimmed(form, `label-${unit.key}`);
    const area = trimmed(form, `area-${unit.key}`);
    const households = trimmed(form, `households-${unit.key}`);
    Object.assign(values, {
      [`label-${unit.key}`]: label,
      [`area-${unit.key}`]: area,
      [`households-${unit.key}`]: households,
    });
    if (removed.has(unit.key)) continue;
    if (!label) errors[`label-${unit.key}`] = "주택형 이름을 입력해 주세요";
    if (!(numberOf(area) > 0))
      errors[`area-${unit.key}`] = "전용면적을 84.97처럼 숫자로 적어 주세요";
    const count = numberOf(households);
    if (!Number.isInteger(count) || count < 0)
      errors[`households-${unit.key}`] = "세대수를 0 이상의 정수로 적어 주세요";
  }
  const kept = units.filter((u) => !removed.has(u.key));
  if (!kept.length) errors[`label-${units[0]!.key}`] = "주택형은 하나 이상 있어야 합니다";
  const newLabel = trimmed(form, "new-label");
  const newArea = trimmed(form, "new-area");
  const newHouseholds = trimmed(form, "new-households");
  Object.assign(values, {
    "new-label": newLabel,
    "new-area": newArea,
    "new-households": newHouseholds,
  });
  values.remove = [...removed].join(",");
  if (newLabel || newArea || newHouseholds) {
    if (!newLabel) errors["new-label"] = "추가할 주택형의 이름을 입력해 주세요";
    if (!(numberOf(newArea) > 0)) errors["new-area"] = "전용면적을 84.97처럼 숫자로 적어 주세요";
    const n = numberOf(newHouseholds);
    if (!Number.isInteger(n) || n < 0)
      errors["new-households"] = "세대수를 0 이상의 정수로 적어 주세요";
  }
  if (Object.keys(errors).length) return { errors, values };
  for (const unit of units) {
    if (removed.has(unit.key)) {
      removeUnit(content, unit);
      continue;
    }
    renameUnit(content, unit, trimmed(form, `label-${unit.key}`));
    unit.exclusiveArea = numberOf(trimmed(form, `area-${unit.key}`));
    unit.households = numberOf(trimmed(form, `households-${unit.key}`));
  }
  if (newLabel) addUnit(content, newLabel, numberOf(newArea), numberOf(newHouseholds));
  return { errors, values };
}

/* ---------- 확인 ---------- */

/** 확인's summary of the draft and its leftovers, each with its field's id for contentHref. */
export async function startSummary(siteId: string, content: Doc) {
  const identity = (content.identity ?? {}) as Doc;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const hero = ((content.home as Doc | undefined)?.hero ?? {}) as Doc;
  const wide = (hero.wide ?? {}) as Doc;
  const leftovers = await leftoversOf(siteId, content);
  const schema = siteJsonSchema() as FieldSchema;
  return {
    facts: [
      ...BASIC_FACTS.map((f) => ({ label: f.label, value: text(identity[f.name]) })),
      { label: "대표 색", value: text(identity.color) },
      {
        label: "로고",
        value: identity.logo ? "올린 그림" : "단지명과 브랜드로 만든 글자 로고",
      },
      {
        label: "첫 화면 사진",
        value: /^media\//.test(text(wide.src)) ? text(wide.alt) : "원본 단지의 사진 그대로",
      },
      {
        label: "주택형",
        value: unitsOf(content)
          .map((u) => u.label)
          .join(", "),
      },
    ],
    leftovers: leftovers && {
      sourceName: leftovers.sourceName,
      open: leftovers.open.map((l) => ({
        path: l.path,
        ...problemField(schema, content, l.path),
        found: l.found.map((f) => f.value).join(", "),
      })),
      kept: leftovers.kept.length,
      terms: leftoverTerms(leftovers.open),
    },
  };
}

/**
 * 한꺼번에 바꾸기 at 확인: one of the source's strings written as `to` in every field still holding
 * it (not those marked 그대로 두기), saved to the draft. The fields changed, or why nothing was.
 */
export async function replaceLeftoverTerm(
  siteId: string,
  draft: { content: Doc; revision: number },
  from: string,
  to: string,
  by: string,
): Promise<{ ok: true; changed: number } | { ok: false; message: string }> {
  if (!to.trim()) return { ok: false, message: `‘${from}’ 대신 쓸 말을 입력해 주세요.` };
  if (to.trim() === from) return { ok: false, message: "원래 말과 다른 말을 입력해 주세요." };
  const leftovers = await leftoversOf(siteId, draft.content);
  if (!leftovers) return { ok: false, message: "복사해 만든 단지가 아닙니다." };
  const changed = replaceInLeftovers(draft.content, leftovers.open, from, to.trim());
  if (!changed) return { ok: false, message: `‘${from}’이(가) 남은 곳이 없습니다.` };
  const problem = await saveStep(siteId, draft.content, draft.revision, by);
  return problem ? { ok: false, message: problem } : { ok: true, changed };
}
