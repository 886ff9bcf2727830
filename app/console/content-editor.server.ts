import { data } from "react-router";
import { FIELD_REFS, type FieldRef } from "~/content/field-meta";
import { siteJsonSchema } from "~/content/schema";
import type { SiteProblem } from "~/content/validate";
import { jobsFor } from "~/jobs/jobs.server";
import { adminHeaders, adminNotFound } from "~/lib/admin-page";
import { defaultProblems, hostProblems, mayChangeHosts } from "~/sites/hosts.server";
import type { ContentAnswer, Problem, SectionItem } from "./content-answer";
import { searchContent } from "./content-search";
import {
  consoleGroups,
  groupOfPath,
  sectionSchema,
  sectionValue,
  type ConsoleGroup,
} from "./content-sections";
import { documentProblems, getDraft, picturePreviews } from "./content-store.server";
import type { ConsoleSite } from "./console-site.server";
import { consoleLeftovers } from "./copy-source.server";
import { refOptions, type Option } from "./form-refs";
import { fieldId, fieldKeyOf, labelTrail, type FieldSchema } from "./form-schema";
import { sectionHash } from "./sections.server";

/*
 * The content editor's server side (app/routes/admin/console/content.tsx) but for its save
 * (content-save.server.ts): the form's schema as the account may edit it, the section an address
 * names, the draft's problems by field, and what a section's page carries.
 */

/** The action's answer, as every console page sends it (not cached). */
export const answer = (body: ContentAnswer, status = 200) =>
  data(body, { status, headers: adminHeaders() });

let schemaOnce: FieldSchema | undefined;
/** The form's schema: the JSON Schema editors get (sites/site.schema.json), made once. */
export function formSchema(): FieldSchema {
  schemaOnce ??= siteJsonSchema() as FieldSchema;
  return schemaOnce;
}

/**
 * The form's schema for an account that may not change the complex's addresses (a 단지 편집자):
 * the hosts shown read-only, without the list's buttons, and the 기본 단지 box as it is, each
 * saying who changes it.
 */
function withAddressReadOnly(schema: FieldSchema): FieldSchema {
  const { hosts, default: mark } = schema.properties ?? {};
  const saying = (field: FieldSchema, who: string) =>
    `${field.description ?? ""} ${who} 에이전시 관리자만 바꿀 수 있습니다.`.trim();
  return {
    ...schema,
    properties: {
      ...schema.properties,
      ...(hosts && {
        hosts: {
          ...hosts,
          readOnly: true,
          description: saying(hosts, "호스트 이름은"),
          items: { ...hosts.items, readOnly: true },
        },
      }),
      ...(mark && {
        default: { ...mark, readOnly: true, description: saying(mark, "기본 단지는") },
      }),
    },
  };
}

/** The schema of one section's form, as the account may edit it (the page's form holds no other). */
export const sectionForm = (
  { admin, siteId }: Pick<ConsoleSite, "admin" | "siteId">,
  group: ConsoleGroup,
) =>
  sectionSchema(
    mayChangeHosts(admin, siteId) ? formSchema() : withAddressReadOnly(formSchema()),
    group,
  );

/** The group a section page's address names, among the schema's; a 404 for any other. */
export function groupOf(id: string | undefined): ConsoleGroup {
  const group = consoleGroups(formSchema()).find((g) => g.id === id);
  if (!group) throw adminNotFound();
  return group;
}

/** The entries each kind of reference offers in the whole draft (a section lacks the others' lists). */
const refsOf = (content: unknown) =>
  Object.fromEntries(FIELD_REFS.map((kind) => [kind, refOptions(kind, content)])) as Record<
    FieldRef,
    Option[]
  >;

/** Each section with the count of problems in it (a field's problem by the field's group). */
export function sectionItems(problems: Problem[]): SectionItem[] {
  return consoleGroups(formSchema()).map((g) => ({
    id: g.id,
    title: g.title,
    problems: problems.filter((p) => groupOfPath(p.id.replace(/^f-/, "")) === g.id).length,
  }));
}

/** Every file a value holds (each `src` in the media store): their jobs are shown on the fields. */
function mediaSources(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) mediaSources(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      if (k === "src" && typeof v === "string" && v.startsWith("media/")) out.push(v);
      else mediaSources(v, out);
  return out;
}

/** The pictures' previews of one section's fields. */
const sectionPreviews = (previews: Record<string, string>, group: ConsoleGroup) =>
  Object.fromEntries(
    Object.entries(previews).filter(([path]) =>
      group.sections.some((s) => path === s || path.startsWith(`${s}.`)),
    ),
  );

/** The hosts' and the 기본 단지 mark's problems of a draft as it is (publishing checks them). */
async function addressProblems(siteId: string, content: Record<string, unknown>) {
  return [
    ...(await hostProblems(siteId, content.hosts)),
    ...(await defaultProblems(siteId, content)),
  ];
}

/**
 * What a section's page carries: its schema and values only; beside it, every section with its
 * count of problems, and 항목 찾기's answer to `q` over all of them.
 */
export async function sectionPage(
  { admin, siteId, query }: ConsoleSite,
  group: ConsoleGroup,
  q: string,
) {
  const draft = await getDraft(siteId);
  if (!draft) throw adminNotFound();
  const schema = formSchema();
  const content = draft.content;
  const { errors, problems } = problemsOf(
    schema,
    content,
    [],
    siteId,
    await addressProblems(siteId, content),
  );
  return {
    schema: sectionForm({ admin, siteId }, group),
    value: sectionValue(content, group) as unknown,
    revision: draft.revision,
    savedAt: draft.savedAt,
    savedBy: draft.savedBy,
    sectionHash: sectionHash(content, group),
    siteId,
    query,
    group: { id: group.id, title: group.title },
    sections: sectionItems(problems),
    // The problems of this section's fields, shown beside them.
    errors: Object.fromEntries(
      Object.entries(errors).filter(([key]) => groupOfPath(key) === group.id),
    ),
    refs: refsOf(content),
    previews: sectionPreviews(picturePreviews(siteId, content), group),
    jobs: await jobsFor(mediaSources(sectionValue(content, group))),
    leftovers: await consoleLeftovers(siteId, content, schema),
    search: q ? { q, ...searchContent(schema, content, consoleGroups(schema), siteId, q) } : null,
  };
}

/** Every problem of the value by the form's field name, and listed with the labels that lead there. */
export function problemsOf(
  schema: FieldSchema,
  value: unknown,
  read: { name: string; message: string }[],
  siteId: string,
  address: SiteProblem[],
) {
  const issues = [
    ...read.map((p) => ({ key: p.name, message: p.message })),
    ...((value as { id?: unknown }).id !== siteId
      ? [{ key: "id", message: `단지 id는 바꿀 수 없습니다 (${siteId})` }]
      : []),
  ];
  // As publishing checks it: the pictures resolved to their files (sizes read), then the schema.
  for (const problem of [...address, ...documentProblems(siteId, value)])
    issues.push({
      key: fieldKeyOf(schema, value, problem.path ? problem.path.split(".") : []),
      message: problem.message,
    });
  const errors: Record<string, string[]> = {};
  for (const { key, message } of issues) {
    errors[key] ??= [];
    if (!errors[key].includes(message)) errors[key].push(message);
  }
  const problems = Object.entries(errors).flatMap(([key, messages]) => {
    const path = key.split(".").filter((s) => s !== "$file" && s !== "");
    const trail = labelTrail(
      schema,
      value,
      path.map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
    );
    return messages.map((message) => ({
      id: key === "" ? "" : fieldId(key),
      label: trail.join(" › ") || "콘텐츠 전체",
      message,
    }));
  });
  return { errors, problems };
}
