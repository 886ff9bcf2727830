/*
 * Meta lead ads, the reading side (issue 42, item 1). Meta's webhook (meta-hook.server.ts) names a
 * lead by its leadgen_id; each is queued as one job (kind 'meta-lead', subject
 * `meta:<complex>:<leadgen_id>`, so the same id twice is one job) and read here from the Graph API
 * with the complex's Page token, by a runner of its own: a lead never waits behind a notice's pages,
 * and Graph being down is retried with back-off (META_BACKOFF_SECONDS, hours in all) until it answers.
 *
 * The form's questions are read from Graph (`GET /<form_id>?fields=name,questions`) when its first
 * lead comes: they carry the labels a person wrote (관심 평형?) that the console shows beside each
 * key, before any lead has answered every question. When Graph refuses that (the token may lack
 * the form's permission), the names the lead's answers carry are kept instead, and grow with later
 * leads. The answers are mapped through the form's mapping (meta-mapping.ts) onto a lead made by
 * createExternalLead (`meta:<leadgen_id>`: one lead per id), the same card, assignment and alerts
 * as any outside lead.
 */
import { getDb, type Queryable } from "~/db/db.server";
import { env, siteSetting, siteSettingVariable } from "~/env.server";
import {
  createJobRunner,
  enqueueJob,
  JobFailure,
  type ClaimedJob,
  type JobReasons,
} from "~/jobs/jobs.server";
import { cleanAttribution } from "~/lib/attribution";
import { META_SOURCE } from "~/crm/crm";
import { siteById } from "~/sites/registry.server";
import { createExternalLead } from "./leads.server";
import {
  effectiveMapping,
  mapMetaLead,
  META_DEFAULT_SOURCE,
  type GraphLead,
  type MetaMapping,
  type MetaQuestion,
} from "./meta-mapping";

/** The Graph API version the leads are read with (Meta keeps each version two years or more). */
const META_GRAPH_VERSION = "v21.0";
const LEAD_FIELDS = "id,created_time,form_id,ad_id,ad_name,campaign_name,field_data";
const GRAPH_TIMEOUT_MS = 10_000;
/** Claims of one lead's reading at most, and the waits between them: about five hours in all. */
const META_MAX_ATTEMPTS = 12;
const META_BACKOFF_SECONDS = [10, 30, 60, 120, 300, 600, 1800, 3600] as const;

type MetaLeadInput = { siteId: string; leadgenId: string; formId: string | null };

/** Queues the reading of each lead Meta named, once per leadgen_id (one failed for good is tried again). */
export async function queueMetaLeads(
  siteId: string,
  leads: readonly { leadgenId: string; formId: string | null }[],
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  for (const lead of leads) {
    const input: MetaLeadInput = { siteId, ...lead };
    await enqueueJob(
      {
        kind: "meta-lead",
        subject: `meta:${siteId}:${lead.leadgenId}`,
        siteId,
        input,
        total: 1,
      },
      { db, now },
    );
  }
}

/**
 * What Graph's refusal means for the person reading the console, by Graph's error code
 * (developers.facebook.com/docs/graph-api/guides/error-handling).
 */
function graphRefusal(status: number, error: { message?: string; code?: number } | undefined) {
  const code = Number(error?.code);
  if (code === 190) return "페이지 토큰이 맞지 않거나 만료되었습니다";
  if (code === 10 || (code >= 200 && code < 300))
    return "페이지 토큰에 리드를 읽을 권한(leads_retrieval)이 없습니다";
  if (code === 100) return "Meta에 그 리드가 없거나 이 토큰으로는 보이지 않습니다";
  if (status >= 500) return `Meta 서버 오류 ${status}`;
  return `Meta 응답 ${status}${error?.message ? `: ${error.message}` : ""}`;
}

/** A Graph GET; throws (and the job is retried) when Graph does not answer 2xx, saying why in Korean. */
async function graphGet<T>(path: string, token: string, signal: AbortSignal, fields: string) {
  const url = new URL(`${env().META_GRAPH_URL}/${META_GRAPH_VERSION}/${encodeURIComponent(path)}`);
  url.searchParams.set("access_token", token);
  url.searchParams.set("fields", fields);
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(GRAPH_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(
      error instanceof DOMException && error.name === "TimeoutError"
        ? `Meta가 ${GRAPH_TIMEOUT_MS / 1000}초 안에 답하지 않았습니다`
        : "Meta에 연결하지 못했습니다",
      { cause: error },
    );
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string; code?: number };
    } | null;
    throw new Error(graphRefusal(response.status, body?.error));
  }
  return (await response.json()) as T;
}

type FormRow = {
  form_id: string;
  name: string;
  questions: string;
  questions_from: "graph" | "leads";
  mapping: string | null;
  updated_by: string;
  updated_at: string;
};

/** A complex's Meta form as the console shows it: its questions and the mapping in force. */
export type MetaForm = {
  formId: string;
  name: string;
  questions: MetaQuestion[];
  questionsFrom: "graph" | "leads";
  /** The stored mapping, or null: the default by the standard names. */
  mapping: MetaMapping | null;
  effective: MetaMapping;
  updatedBy: string;
  updatedAt: string;
};

const toForm = (row: FormRow): MetaForm => {
  const questions = JSON.parse(row.questions) as MetaQuestion[];
  const mapping = row.mapping ? (JSON.parse(row.mapping) as MetaMapping) : null;
  return {
    formId: row.form_id,
    name: row.name,
    questions,
    questionsFrom: row.questions_from,
    mapping,
    effective: effectiveMapping(questions, mapping),
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
};

/** The complex's Meta forms, the latest seen first. */
export async function listMetaForms(siteId: string, db?: Queryable): Promise<MetaForm[]> {
  const d = db ?? (await getDb());
  const rows = await d.all<FormRow>(
    "SELECT * FROM meta_forms WHERE site_id = $1 ORDER BY updated_at DESC, form_id",
    [siteId],
  );
  return rows.map(toForm);
}

async function metaForm(db: Queryable, siteId: string, formId: string) {
  const row = await db.get<FormRow>(
    "SELECT * FROM meta_forms WHERE site_id = $1 AND form_id = $2",
    [siteId, formId],
  );
  return row ? toForm(row) : null;
}

/** Stores the mapping a person chose for the form. False when the complex has no such form. */
export async function saveMetaMapping(
  siteId: string,
  formId: string,
  mapping: MetaMapping,
  by: string,
  now = new Date(),
): Promise<boolean> {
  const db = await getDb();
  const { changes } = await db.run(
    `UPDATE meta_forms SET mapping = $3, updated_by = $4, updated_at = $5
     WHERE site_id = $1 AND form_id = $2`,
    [siteId, formId, JSON.stringify(mapping), by, now.toISOString()],
  );
  return changes > 0;
}

/**
 * The form's questions: stored, else read from Graph and stored, else learned from this lead's
 * answers (and from later leads' while Graph has not answered).
 */
async function formFor(
  db: Queryable,
  siteId: string,
  formId: string,
  lead: GraphLead,
  token: string,
  signal: AbortSignal,
  now: Date,
): Promise<MetaForm> {
  const stored = await metaForm(db, siteId, formId);
  const learned = (lead.field_data ?? []).map((f) => ({ key: f.name, label: f.name, type: "" }));
  if (stored?.questionsFrom === "graph") return stored;
  if (stored) {
    const known = new Set(stored.questions.map((q) => q.key));
    const added = learned.filter((q) => !known.has(q.key));
    if (!added.length) return stored;
    const questions = [...stored.questions, ...added];
    await db.run("UPDATE meta_forms SET questions = $3 WHERE site_id = $1 AND form_id = $2", [
      siteId,
      formId,
      JSON.stringify(questions),
    ]);
    return { ...stored, questions, effective: effectiveMapping(questions, stored.mapping) };
  }
  let name = "";
  let questions: MetaQuestion[] = learned;
  let from: "graph" | "leads" = "leads";
  try {
    const form = await graphGet<{
      name?: string;
      questions?: { key?: string; label?: string; type?: string }[];
    }>(formId, token, signal, "name,questions");
    if (form.questions?.length) {
      questions = form.questions
        .filter((q) => q.key)
        .map((q) => ({ key: q.key!, label: q.label ?? q.key!, type: q.type ?? "" }));
      name = form.name ?? "";
      from = "graph";
    }
  } catch (error) {
    console.warn(
      `[meta] ${siteId} 양식 ${formId}의 질문을 읽지 못해 답의 이름으로 대신합니다:`,
      error instanceof Error ? error.message : error,
    );
  }
  await db.run(
    `INSERT INTO meta_forms (site_id, form_id, name, questions, questions_from, mapping, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, NULL, '', $6)
     ON CONFLICT (site_id, form_id) DO NOTHING`,
    [siteId, formId, name, JSON.stringify(questions), from, now.toISOString()],
  );
  return (await metaForm(db, siteId, formId))!;
}

/** The job: one lead read from Graph, mapped, and stored as a card (once per leadgen_id). */
async function readMetaLead(job: ClaimedJob, { signal }: { signal: AbortSignal }) {
  const input = job.input as MetaLeadInput;
  const site = siteById(input.siteId);
  if (!site) throw new JobFailure(`단지 ${input.siteId}가 없어 Meta 리드를 받지 않았습니다.`);
  const token = siteSetting("META_PAGE_TOKEN", site.id);
  // Retried: the operator may set the token within the hours the job keeps trying.
  if (!token) throw new Error(`${siteSettingVariable("META_PAGE_TOKEN", site.id)} 설정이 없습니다`);
  const now = new Date();
  const lead = await graphGet<GraphLead>(input.leadgenId, token, signal, LEAD_FIELDS);
  const formId = lead.form_id ?? input.formId ?? "";
  const db = await getDb();
  const form = formId ? await formFor(db, site.id, formId, lead, token, signal, now) : null;
  const mapped = mapMetaLead(
    lead,
    form?.questions ?? [],
    form?.effective ?? effectiveMapping([], null),
  );
  if (!mapped.ok) throw new JobFailure(mapped.reason);
  const clean = cleanAttribution({
    utm_source: mapped.source,
    utm_campaign: mapped.campaign ?? "",
  });
  await createExternalLead(
    site,
    {
      senderId: input.leadgenId,
      name: mapped.name,
      phone: mapped.phone,
      smsConsent: mapped.smsConsent,
      consentUnconfirmed: !mapped.consent,
      source: clean.utm_source?.toLowerCase() ?? META_DEFAULT_SOURCE,
      campaign: clean.utm_campaign ?? null,
      message: mapped.message,
      ip: "",
      userAgent: "Meta lead ads",
    },
    now,
    { keyPrefix: "meta", source: META_SOURCE },
  );
}

const why = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The reasons a Meta lead's job keeps, shown on the forms page (not media's 파일을 다시 올려 주세요). */
const META_REASONS: JobReasons = {
  failed: (error) => `Meta에서 리드를 읽지 못했습니다 (${why(error)}). 잠시 뒤 다시 읽습니다.`,
  gaveUp: (attempts, error) =>
    `Meta에서 리드를 ${attempts}번 읽으려 했지만 읽지 못해 멈췄습니다${error === undefined ? "" : ` (${why(error)})`}.`,
};

/** This instance's runner of the Meta leads' reading (one loop, beside the media jobs'). */
export const createMetaLeadRunner = (options: { pollMs?: number } = {}) =>
  createJobRunner({
    handlers: { "meta-lead": readMetaLead },
    kinds: ["meta-lead"],
    maxAttempts: META_MAX_ATTEMPTS,
    backoffSeconds: META_BACKOFF_SECONDS,
    reasons: META_REASONS,
    ...options,
  });

/**
 * The complex's Meta leads given up on, queued to be read again from the first try (the Page token
 * fixed, Graph back): how many.
 */
export async function retryStoppedMetaLeads(siteId: string, now = new Date()): Promise<number> {
  const db = await getDb();
  const stopped = await db.all<{ subject: string; input: string }>(
    "SELECT subject, input FROM jobs WHERE kind = 'meta-lead' AND site_id = $1 AND status = 'failed'",
    [siteId],
  );
  for (const job of stopped)
    await enqueueJob(
      { kind: "meta-lead", subject: job.subject, siteId, input: JSON.parse(job.input), total: 1 },
      { db, now },
    );
  return stopped.length;
}

/**
 * The complex's Meta leads not read yet after a failed try: how many are still being retried and
 * how many were given up, and the latest reason and when. Null when none.
 */
export async function metaLeadTrouble(siteId: string, db?: Queryable) {
  const d = db ?? (await getDb());
  const rows = await d.all<{ status: string; last_error: string; updated_at: string }>(
    `SELECT status, last_error, updated_at FROM jobs
     WHERE kind = 'meta-lead' AND site_id = $1 AND status <> 'done' AND last_error IS NOT NULL
     ORDER BY updated_at DESC`,
    [siteId],
  );
  if (!rows.length) return null;
  const failed = rows.filter((r) => r.status === "failed").length;
  return {
    retrying: rows.length - failed,
    failed,
    lastReason: rows[0]!.last_error,
    lastAt: rows[0]!.updated_at,
  };
}
