import { field } from "~/http/form.server";
import { normalizeHosts } from "~/sites/host-name.server";
import {
  DEFAULT_SITE_MESSAGES,
  defaultProblems,
  HOST_MESSAGES,
  hostProblems,
  isDefaultSite,
  mayChangeHosts,
  sameHosts,
} from "~/sites/hosts.server";
import { mergeSection, sectionValue, type ConsoleGroup } from "./content-sections";
import { adminNotFound } from "~/lib/admin-page";
import { answer, formSchema, problemsOf, sectionItems } from "./content-editor.server";
import { diffContent, getDraft, saveDraft } from "./content-store.server";
import type { ConsoleSite } from "./console-site.server";
import { consoleLeftovers, markLeftovers } from "./copy-source.server";
import type { FormProblem } from "./form-object";
import { problemField } from "./form-schema";
import { sectionHash } from "./sections.server";

/*
 * What the content editor's action writes (app/routes/admin/console/content.tsx): a section's
 * fields merged into the newest draft (app/console/content-store.server.ts) whatever they hold, the
 * hosts and the 기본 단지 mark only as the account may change them; a save based on an older draft
 * goes through when the other editor changed other sections only, and is refused, naming the
 * fields, when they changed this one. And 원본 단지 내용's marks (그대로 두기, 다시 확인).
 */

export const UNREAD = "요청을 읽지 못했습니다. 다시 시도해 주세요.";

/** 원본 단지 내용: fields marked 그대로 두기 (with the saved draft's value) or asked about again. */
export async function markLeftoverChoice(siteId: string, form: FormData, choice: string) {
  const draft = await getDraft(siteId);
  if (!draft) throw adminNotFound();
  const ask = choice.startsWith("ask:") ? [choice.slice(4)] : [];
  const keep = choice === "keep" ? form.getAll("keep").map(String) : [];
  await markLeftovers(siteId, draft.content, { keep, ask });
  return answer({
    kind: "leftovers",
    leftovers: await consoleLeftovers(siteId, draft.content, formSchema()),
    message: keep.length
      ? `${keep.length}곳을 그대로 두기로 했습니다.`
      : ask.length
        ? "다시 확인할 곳으로 옮겼습니다."
        : "그대로 둘 곳에 표시한 뒤 눌러 주세요.",
  });
}

/**
 * The section's fields as read from the form (`value`, and what could not be read) saved into the
 * newest draft, every other section as it is there; `form` holds the form's marks (`$revision`,
 * `$section`, `$base`, `$intent`, `$latest`).
 */
export async function saveSection(
  { admin, siteId }: Pick<ConsoleSite, "admin" | "siteId">,
  group: ConsoleGroup,
  form: FormData,
  { value, problems: unreadable }: { value: unknown; problems: FormProblem[] },
) {
  const schema = formSchema();
  const base = Number(field(form, "$revision"));
  const current = await getDraft(siteId);
  if (!current) throw adminNotFound();
  const sent = mergeSection(schema, current.content, value as Record<string, unknown>, group);
  // The hosts and the 기본 단지 mark (기타): changed by an 에이전시 관리자 only, never to another
  // complex's address nor to a second default; a refused change keeps the draft's
  // (app/sites/hosts.server.ts).
  // Hosts as requests carry them: `Foo.example.com.` saved as `foo.example.com` (host-name.server.ts).
  if (Array.isArray(sent.hosts)) sent.hosts = normalizeHosts(sent.hosts);
  const agency = mayChangeHosts(admin, siteId);
  const changed = !sameHosts(sent, current.content);
  const hostIssues =
    changed && !agency
      ? [{ path: "hosts", message: HOST_MESSAGES.agencyOnly }]
      : await hostProblems(siteId, changed ? sent.hosts : current.content.hosts);
  const keepHosts = changed && hostIssues.length > 0;
  const markChanged = isDefaultSite(sent) !== isDefaultSite(current.content);
  const markIssues =
    markChanged && !agency
      ? [{ path: "default", message: DEFAULT_SITE_MESSAGES.agencyOnly }]
      : await defaultProblems(siteId, sent);
  const keepMark = markChanged && markIssues.length > 0;
  const { errors, problems } = problemsOf(schema, sent, unreadable, siteId, [
    ...hostIssues,
    ...markIssues,
  ]);
  // The id is the complex's: whatever was sent, the draft keeps it.
  const content: Record<string, unknown> = {
    ...sent,
    id: siteId,
    ...(keepHosts ? { hosts: current.content.hosts } : {}),
  };
  if (keepMark && isDefaultSite(current.content)) content.default = true;
  else if (keepMark) delete content.default;

  // Based on an older draft: refused only when the other editor changed this section since (its
  // part of the newest draft no longer what the form started from). "내 내용으로 저장" is based on
  // the revision the refusal named.
  const over = field(form, "$intent") === "overwrite";
  const revision = over ? Number(field(form, "$latest")) : base;
  if (!Number.isInteger(revision)) return answer({ kind: "unread", message: UNREAD }, 400);
  const theirs =
    revision !== current.revision &&
    field(form, "$section") !== sectionHash(current.content, group);
  // With the script, the section as the form started from it: a refusal then names only the fields
  // the other editor changed (without it, every field where the saved draft differs from this form).
  let baseContent: unknown;
  try {
    baseContent = JSON.parse(field(form, "$base") || "null") ?? undefined;
  } catch {
    baseContent = undefined;
  }
  const stale = (latest: number, savedBy: string) => {
    const mine = sectionValue(current.content, group);
    const changes = diffContent(
      baseContent === undefined ? value : sectionValue(baseContent, group),
      mine,
    );
    const labels = [
      ...new Set(changes.map((c) => problemField(schema, sent, c.path).label || c.path)),
    ];
    return answer(
      {
        kind: "stale",
        value,
        errors,
        problems,
        revision: base,
        latest,
        savedBy,
        changed: labels,
        byOther: baseContent !== undefined,
      },
      409,
    );
  };
  if (theirs) return stale(current.revision, current.savedBy);
  // Saved over the draft just read (another save in between: refused, as it may be this section's).
  const saved = await saveDraft(siteId, content, { revision: current.revision }, admin.email);
  if (!saved.ok && saved.reason === "missing") throw adminNotFound();
  if (!saved.ok) return stale(saved.revision, saved.savedBy);
  // The form keeps what was typed, a refused host or mark too, beside its message.
  const shown = { ...content, hosts: sent.hosts, default: sent.default };
  if (shown.default === undefined) delete shown.default;
  return answer({
    kind: "saved",
    value: sectionValue(shown, group),
    errors,
    problems,
    revision: saved.revision,
    savedAt: new Date().toISOString(),
    sectionHash: sectionHash(content, group),
    sections: sectionItems(problems),
    leftovers: await consoleLeftovers(siteId, content, schema),
  });
}
