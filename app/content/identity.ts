import type { Identity, Site } from "./schema";

/*
 * A complex's identity is one group, 단지 기본 정보 (`identity`, docs/decisions/042-identity-once.md):
 * every other field that must mention one of its facts writes a placeholder such as `{단지명}`,
 * filled from the group when the complex is served (`withIdentity`). A copy of a complex thus
 * becomes its own by changing one group. `upgradeDocument` brings a document of the older shape
 * (the facts scattered in `project`, `contact`, `business`, …) to this one before it is checked.
 */

/** Each placeholder and the fact it stands for; the editor's help lists them in this order. */
const IDENTITY_PLACEHOLDERS = {
  단지명: (i: Identity) => i.name,
  브랜드: (i: Identity) => i.brand,
  "단지 주소": (i: Identity) => i.address,
  "견본주택 주소": (i: Identity) => i.modelHouseAddress,
  시행: (i: Identity) => i.developer,
  시공: (i: Identity) => i.builder,
  "분양 대행": (i: Identity) => i.agency,
  상호: (i: Identity) => i.business.name,
  대표자: (i: Identity) => i.business.representative,
  사업자등록번호: (i: Identity) => i.business.registrationNumber,
  "사업장 주소": (i: Identity) => i.business.address,
  "대표 전화": (i: Identity) => i.phone,
} satisfies Record<string, (i: Identity) => string | undefined>;

type PlaceholderName = keyof typeof IDENTITY_PLACEHOLDERS;

/** `{단지명}, {브랜드}, …`: the placeholders as the editor writes them. */
const PLACEHOLDER_LIST = Object.keys(IDENTITY_PLACEHOLDERS)
  .map((n) => `{${n}}`)
  .join(", ");

/** A placeholder in a text: a name of up to 20 characters between braces. */
const PLACEHOLDER = /\{([^{}\n]{1,20})\}/g;
const PLACEHOLDER_ONE = new RegExp(PLACEHOLDER.source);

const isPlaceholder = (name: string): name is PlaceholderName =>
  Object.hasOwn(IDENTITY_PLACEHOLDERS, name);

/**
 * The problem of one text's placeholders, or undefined: an unknown name, or `{분양 대행}` while the
 * group has none. `agency`: whether 분양 대행 is filled in.
 */
export function placeholderProblem(text: string, agency: boolean): string | undefined {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!isPlaceholder(name!)) {
      return `알 수 없는 자리표시 {${name}}입니다. 쓸 수 있는 자리표시: ${PLACEHOLDER_LIST}`;
    }
    if (name === "분양 대행" && !agency) {
      return "단지 기본 정보의 분양 대행이 비어 있어 {분양 대행}을 쓸 수 없습니다";
    }
  }
  return undefined;
}

/** Every string of `value` with its path, for checks that walk a whole document. */
export function eachText(
  value: unknown,
  visit: (text: string, path: (string | number)[]) => void,
  path: (string | number)[] = [],
) {
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => eachText(v, visit, [...path, i]));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) eachText(v, visit, [...path, k]);
  }
}

/**
 * Whether a word ends in a consonant as Korean reads it (a Hangul syllable with a final consonant;
 * a digit read in Korean), "rieul" when that consonant is ㄹ (which takes 로, not 으로), undefined
 * when it cannot tell (Latin letters, punctuation).
 */
export function finalConsonant(word: string): boolean | "rieul" | undefined {
  const last = word.at(-1) ?? "";
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? false : final === 8 ? "rieul" : true;
  }
  if (/[0136]/.test(last)) return true; // 영, 일, 삼, 육
  if (/[78]/.test(last)) return "rieul"; // 칠, 팔
  if (/[2459]/.test(last)) return false; // 이, 사, 오, 구
  return undefined;
}

/** Each particle pair: after a final consonant, after a vowel. */
const PARTICLES: [string, string][] = [
  ["은", "는"],
  ["이", "가"],
  ["을", "를"],
  ["과", "와"],
  ["으로", "로"],
];
/** A particle written right after a placeholder (a closing quote between): `{단지명}은`, `{단지명}’을`. */
const PARTICLE_AFTER = /^([’'"」』)]?)(으로|은|는|이|가|을|를|과|와|로)(?=[\s.,!?·)’'"」』]|$)/;

/** The particle that fits after `value`, for the one written (`은` or `는`, …). */
function particleFor(value: string, written: string): string {
  const pair = PARTICLES.find((p) => p.includes(written));
  const final = finalConsonant(value);
  if (!pair || final === undefined) return written;
  if (pair[0] === "으로") return final === true ? "으로" : "로";
  return final ? pair[0] : pair[1];
}

/**
 * `text` with its placeholders filled from `identity` (an unknown one is left as written), and the
 * particle written right after one made to fit the value: `{단지명}은` is "라움하임 평촌 센트럴은"
 * or "아벨루스 광교 레이크파크는".
 */
export function fillPlaceholders(text: string, identity: Identity): string {
  if (!text.includes("{")) return text;
  let out = "";
  let rest = text;
  for (let match = PLACEHOLDER_ONE.exec(rest); match; match = PLACEHOLDER_ONE.exec(rest)) {
    const name = match[1]!;
    const value = isPlaceholder(name) ? IDENTITY_PLACEHOLDERS[name](identity) : undefined;
    out += rest.slice(0, match.index) + (value ?? match[0]);
    rest = rest.slice(match.index + match[0].length);
    const particle = value === undefined ? null : PARTICLE_AFTER.exec(rest);
    if (particle) {
      out += particle[1]! + particleFor(value!, particle[2]!);
      rest = rest.slice(particle[0].length);
    }
  }
  return out + rest;
}

/**
 * `value` with its placeholders filled: the same object or array where nothing in it changed (the
 * shown complex shares every part without a placeholder with its data: with 500 complexes, a whole
 * second copy of each took about 90 KB of the server's memory apiece).
 */
function fill<T>(value: T, identity: Identity): T {
  if (typeof value === "string") return fillPlaceholders(value, identity) as T;
  if (!value || typeof value !== "object") return value;
  let changed = false;
  const filled = (v: unknown) => {
    const out = fill(v, identity);
    if (out !== v) changed = true;
    return out;
  };
  if (Array.isArray(value)) {
    const items = value.map(filled);
    return (changed ? items : value) as T;
  }
  const entries = Object.entries(value).map(([k, v]) => [k, filled(v)] as const);
  return (changed ? Object.fromEntries(entries) : value) as T;
}

/**
 * The complex as it is shown: every placeholder of every text (titles, descriptions, slogans, alt
 * texts, the 사업개요 rows, …) filled from its 단지 기본 정보. A new object, sharing the parts
 * without a placeholder with `site`, which is unchanged (neither is ever changed in place).
 */
export function withIdentity<S extends Pick<Site, "identity">>(site: S): S {
  const { identity, ...rest } = site;
  // The facts are written as they are; only the logo's alt text may name them.
  const logo = identity.logo && fill(identity.logo, identity);
  return { ...fill(rest, identity), identity: { ...identity, ...(logo ? { logo } : {}) } } as S;
}

/** The colour a complex shows when its document never named one (the design's navy). */
export const DEFAULT_COLOR = "#0f1f3d";

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => !!v && typeof v === "object" && !Array.isArray(v);

/** Moves `from[key]` to `to[as]` when present (and removes it from `from`). */
function move(from: unknown, key: string, to: Doc, as = key) {
  if (!isDoc(from) || !(key in from)) return;
  if (from[key] !== undefined) to[as] = from[key];
  delete from[key];
}

/**
 * A complex's document in today's shape: a document written before 단지 기본 정보 (issue 39) has its
 * name, brand, addresses, developer, constructor, business facts, phone, logo and main colour moved
 * into `identity`, and the copies that are now derived (`project.siteName`, the footer's
 * `legal.constructorCredit`) dropped. A document already in this shape, or not a document at all, is
 * returned as it is; otherwise a new object (the argument is left unchanged).
 */
export function upgradeDocument<T>(document: T): T {
  return withoutRetired(movedToIdentity(document));
}

/**
 * Without the fields no page reads any more: `artwork.wordmark`, the Latin brand the share image
 * once showed (it is drawn from 단지 기본 정보 now, docs/decisions/043-drawn-identity-pictures.md).
 */
function withoutRetired<T>(document: T): T {
  if (!isDoc(document) || !isDoc(document.artwork) || !("wordmark" in document.artwork))
    return document;
  const artwork = { ...document.artwork };
  delete artwork.wordmark;
  return { ...document, artwork };
}

function movedToIdentity<T>(document: T): T {
  if (!isDoc(document) || !isDoc(document.project) || "identity" in document) return document;
  const doc = structuredClone(document) as Doc;
  const identity: Doc = {};
  move(doc.project, "complexName", identity, "name");
  move(doc.project, "brandName", identity, "brand");
  if (isDoc(doc.images)) move(doc.images, "logo", identity);
  move(doc.project, "address", identity);
  move(doc.modelHouse, "address", identity, "modelHouseAddress");
  move(doc.project, "developer", identity);
  move(doc.project, "constructor", identity, "builder");
  move(doc, "business", identity);
  move(doc.contact, "phone", identity);
  identity.color = isDoc(doc.theme) && doc.theme.primary ? doc.theme.primary : DEFAULT_COLOR;
  if (isDoc(doc.theme)) delete doc.theme.primary;
  if (isDoc(doc.project)) delete doc.project.siteName;
  if (isDoc(doc.legal)) delete doc.legal.constructorCredit;
  // 단지 기본 정보 first, as the editor shows it.
  const { id, default: isDefault, hosts, ...rest } = doc;
  return {
    ...(id !== undefined ? { id } : {}),
    ...(isDefault !== undefined ? { default: isDefault } : {}),
    ...(hosts !== undefined ? { hosts } : {}),
    identity,
    ...rest,
  } as T;
}
