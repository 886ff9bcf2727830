import { z } from "zod";
import { normalizePhone } from "~/lib/phone";
import { SITE_ID } from "~/lib/sites";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  SITE_URL: z
    .url({ message: "SITE_URL은 http(s)://로 시작하는 주소여야 합니다" })
    .default("http://localhost:3000")
    .transform((u) => u.replace(/\/+$/, "")),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("data"),
  /** The complex answered for a host no complex names; else the one marked default (app/sites/). */
  DEFAULT_SITE: z
    .string()
    .regex(SITE_ID, { message: "DEFAULT_SITE는 영문 소문자로 시작하고 소문자, 숫자, -만 씁니다" })
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LEADS_WEBHOOK_URL: z.url().optional(),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_KEY: z.string().optional(),
  SMS_SENDER: z.string().optional(),
  /** Solapi (docs/decisions/021-solapi.md): with a key, a complex's messages go through Solapi. */
  SOLAPI_API_KEY: z.string().optional(),
  SOLAPI_API_SECRET: z.string().optional(),
  SOLAPI_API_URL: z
    .url({ message: "SOLAPI_API_URL은 http(s)://로 시작하는 주소여야 합니다" })
    .default("https://api.solapi.com")
    .transform((u) => u.replace(/\/+$/, "")),
  /** The value Solapi sends in X-Solapi-Secret with its delivery reports (POST /hooks/solapi). */
  SOLAPI_WEBHOOK_SECRET: z
    .string()
    .min(16, { message: "SOLAPI_WEBHOOK_SECRET은 16자 이상이어야 합니다" })
    .optional(),
  /**
   * The key outside lead senders sign with (POST /hooks/leads/<id>, X-Signature: sha256=<HMAC-SHA256
   * of the body>); per complex LEAD_HOOK_SECRET__<ID>. Unset for a complex: its hook refuses all.
   */
  LEAD_HOOK_SECRET: z
    .string()
    .min(16, { message: "LEAD_HOOK_SECRET은 16자 이상이어야 합니다" })
    .optional(),
  /**
   * Meta lead ads (GET/POST /hooks/meta/<id>, app/leads/meta-hook.server.ts), per complex
   * META_*__<ID>: the app's secret its webhook signs with (X-Hub-Signature-256), the token its
   * subscription check sends (hub.verify_token), and the Page token the leads are read with.
   */
  META_APP_SECRET: z
    .string()
    .min(8, { message: "META_APP_SECRET은 8자 이상이어야 합니다" })
    .optional(),
  META_VERIFY_TOKEN: z
    .string()
    .min(8, { message: "META_VERIFY_TOKEN은 8자 이상이어야 합니다" })
    .optional(),
  META_PAGE_TOKEN: z.string().optional(),
  /** Meta's Graph API, without a version (the version is the code's: app/leads/meta-graph.server.ts). */
  META_GRAPH_URL: z
    .url({ message: "META_GRAPH_URL은 http(s)://로 시작하는 주소여야 합니다" })
    .default("https://graph.facebook.com")
    .transform((u) => u.replace(/\/+$/, "")),
  /** Signed outside leads one complex takes per minute (POST /hooks/leads/<id>), beyond: 429. */
  HOOK_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  /**
   * Lead submissions allowed per client address within LEADS_RATE_WINDOW_SECONDS: high, as a model
   * house's Wi-Fi or a mobile carrier puts many visitors behind one address
   * (docs/decisions/011-rate-limit-per-phone-and-address.md).
   */
  LEADS_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Lead submissions allowed per phone number within LEADS_RATE_WINDOW_SECONDS. */
  LEADS_PHONE_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  LEADS_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60 * 60)
    .default(600),
  /** SMS the site sends one visitor's phone per Korean day, at most (staff alerts not counted). */
  SMS_DAILY_LIMIT: z.coerce.number().int().nonnegative().default(3),
  /** Staff phones that get an SMS alert for every new lead, comma-separated. */
  STAFF_ALERT_PHONES: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const phones: string[] = [];
      for (const item of value.split(",").map((p) => p.trim())) {
        if (!item) continue;
        const phone = normalizePhone(item);
        if (phone) phones.push(phone);
        else ctx.addIssue({ code: "custom", message: `전화번호가 아닙니다: ${item}` });
      }
      return [...new Set(phones)];
    }),
  /** An identical submission (form, name, phone, message, slot) within this window is stored once. */
  LEADS_DUPLICATE_WINDOW_SECONDS: z.coerce.number().int().nonnegative().default(600),
  /** Outbox worker poll interval. */
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(2000),
  /** How often each instance's job runner looks for due work when nothing woke it (app/jobs/jobs.server.ts). */
  JOBS_POLL_MS: z.coerce.number().int().positive().default(1000),
  /**
   * How long a claimed job is held without word from its runner (renewed as it works): a job of an
   * instance that died is taken again by another once this passes (or by this one when it starts).
   */
  JOBS_LEASE_SECONDS: z.coerce.number().int().positive().default(30),
  /** How often each instance looks for consultants' 09:00 digests to send (app/crm/digest.server.ts). */
  CRM_DIGEST_POLL_MS: z.coerce.number().int().positive().default(60_000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * What the complexes' pages held in memory may take together, in MB (server/page-cache.js): the
   * least recently visited complex's are let go beyond it, and loaded again from the stored pages.
   */
  PAGE_CACHE_MB: z.coerce.number().int().positive().default(256),
  /**
   * Uploaded pictures (app/media/store.server.ts): this folder, by default `<DATA_DIR>/media`; or,
   * when the four S3_* below are set, an S3-compatible object store (every instance then serves
   * the same pictures).
   */
  MEDIA_DIR: z.string().optional(),
  S3_ENDPOINT: z.url({ message: "S3_ENDPOINT는 http(s)://로 시작하는 주소여야 합니다" }).optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
});

export type Env = z.infer<typeof schema>;

/** The object store's settings: all four or none (one missing would silently mean the folder). */
const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

function s3Problem(vars: Record<string, string | undefined>): string | null {
  const missing = S3_SETTINGS.filter((name) => !vars[name]);
  if (missing.length === 0 || missing.length === S3_SETTINGS.length) return null;
  return `S3 저장소를 쓰려면 ${S3_SETTINGS.join(", ")}를 모두 설정해야 합니다 (빠진 것: ${missing.join(", ")})`;
}

/**
 * Settings a complex may set for itself: `NAME__<ID>` (the complex id upper-cased, "-" as "_":
 * `STAFF_ALERT_PHONES__PYEONGCHON_2`) over `NAME`, which stays the default complex's setting and
 * every other complex's fallback. Read them with siteSetting(name, siteId).
 */
const SITE_SETTINGS = [
  "STAFF_ALERT_PHONES",
  "LEADS_WEBHOOK_URL",
  "SMS_SENDER",
  "SMS_GATEWAY_URL",
  "SMS_GATEWAY_KEY",
  "SOLAPI_API_KEY",
  "SOLAPI_API_SECRET",
  "SOLAPI_API_URL",
  "LEAD_HOOK_SECRET",
  "META_APP_SECRET",
  "META_VERIFY_TOKEN",
  "META_PAGE_TOKEN",
] as const;
export type SiteSettingName = (typeof SITE_SETTINGS)[number];

/** The variable that sets `name` for one complex: "STAFF_ALERT_PHONES__ANYANG". */
export function siteSettingVariable(name: SiteSettingName, siteId: string): string {
  return `${name}__${siteId.toUpperCase().replace(/-/g, "_")}`;
}

const SITE_SETTING_VARIABLE = new RegExp(`^(${SITE_SETTINGS.join("|")})__([A-Z][A-Z0-9_]*)$`);

let cached: Env | undefined;
/** Per-complex settings by variable name, validated with the same rules as the setting itself. */
let cachedSiteSettings: Map<string, unknown> | undefined;

/** Environment, validated once. A bad variable stops the app with a clear message. */
export function env(): Env {
  if (cached) return cached;
  const blanksRemoved = Object.fromEntries(
    Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = schema.safeParse(blanksRemoved);
  if (!result.success) {
    throw new Error(`환경 변수가 올바르지 않습니다:\n${z.prettifyError(result.error)}`);
  }
  const siteSettings = new Map<string, unknown>();
  const problems: string[] = [];
  const s3 = s3Problem(blanksRemoved);
  if (s3) problems.push(s3);
  for (const [name, value] of Object.entries(blanksRemoved)) {
    const m = SITE_SETTING_VARIABLE.exec(name);
    if (!m) continue;
    const parsed = schema.shape[m[1] as SiteSettingName].safeParse(value);
    if (parsed.success) siteSettings.set(name, parsed.data);
    else problems.push(`${name}: ${parsed.error.issues.map((i) => i.message).join(", ")}`);
  }
  if (problems.length) throw new Error(`환경 변수가 올바르지 않습니다:\n${problems.join("\n")}`);
  cachedSiteSettings = siteSettings;
  cached = result.data;
  return cached;
}

/** A setting for one complex: `NAME__<ID>` when it is set, else `NAME` (see SITE_SETTINGS). */
export function siteSetting<N extends SiteSettingName>(name: N, siteId: string): Env[N] {
  const base = env();
  const own = cachedSiteSettings?.get(siteSettingVariable(name, siteId));
  return own === undefined ? base[name] : (own as Env[N]);
}

/** True when the complex sets `name` itself (`NAME__<ID>`), rather than falling back to `NAME`. */
export function hasOwnSiteSetting(name: SiteSettingName, siteId: string): boolean {
  env();
  return cachedSiteSettings?.has(siteSettingVariable(name, siteId)) ?? false;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
  cachedSiteSettings = undefined;
}
