import { data, redirect } from "react-router";
import type { Route } from "./+types/channels.costs";
import { AdminHead } from "~/components/admin/admin-head";
import { FormMessage } from "~/components/admin/form-message";
import { uploadNotice } from "~/components/admin/step-form";
import {
  ImportList,
  MappingStep,
  PreviewStep,
  CostUploadStep,
  type CostAnswer,
} from "~/components/channels/ad-cost-steps";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { deleteImport } from "~/channels/ad-costs.server";
import {
  dropPending,
  keepPending,
  knownSources,
  listImports,
  planImport,
  rememberCampaignNames,
  rememberMapping,
  saveImport,
} from "~/channels/ad-cost-import.server";
import { IMPORT_MESSAGES, MAPPING_COLUMNS } from "~/channels/ad-cost-import";
import { MAX_BYTES, tooLargeMessage } from "~/tables/read-table";
import type { ColumnMapping } from "~/channels/ad-cost/ad-cost";
import { field, fileField, readForm } from "~/http/form.server";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * /admin/channels/costs: 광고비 가져오기 (issue 41), from 채널 성과. An ad platform's report file
 * (CSV, TSV, XLSX, 10 MB) is uploaded and waits on the server (app/channels/ad-cost-import.server.ts)
 * while the page shows what it holds: the platform, rows, days, total cost, campaigns, the days it
 * replaces and the rows it refuses. A file no platform claims first has its columns picked. Saving
 * posts the waiting file's id, never the file again. Below: the files imported, each deletable.
 * The address carries the step: ?file=<waiting id>&source=<typed utm_source>&remap=1.
 */

export const meta = adminTitle("광고비 가져오기");
export const headers = adminHeaders;

const PATH = "/admin/channels/costs";

/** The page at the waiting file's preview (with the typed source), or the page itself. */
function stepHref(pendingId?: string, more: Record<string, string> = {}) {
  const query = new URLSearchParams(pendingId ? { file: pendingId, ...more } : more).toString();
  return query ? `${PATH}?${query}` : PATH;
}

const guard = (request: Request) => requireArea(request, requestSiteId(request), "channels");

export async function loader({ request }: Route.LoaderArgs) {
  await guard(request);
  const siteId = requestSiteId(request);
  const url = new URL(request.url);
  const pendingId = url.searchParams.get("file");
  const [imports, sources, plan] = await Promise.all([
    listImports(siteId),
    knownSources(siteId),
    pendingId
      ? planImport(siteId, pendingId, {
          source: url.searchParams.get("source") ?? undefined,
          remap: url.searchParams.has("remap"),
        })
      : null,
  ]);
  return data(
    {
      imports,
      sources,
      plan,
      saved: url.searchParams.get("saved"),
      deleted: url.searchParams.has("deleted"),
      changed: url.searchParams.has("changed"),
    },
    { headers: adminHeaders() },
  );
}

const refusal = (answer: CostAnswer, status = 400) =>
  data(answer, { status, headers: adminHeaders() });

/** The names typed for Naver campaign IDs (fields `campaign:<id>`). */
function typedNames(form: FormData): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [key, value] of form)
    if (key.startsWith("campaign:") && typeof value === "string")
      names[key.slice("campaign:".length)] = value.trim().slice(0, 100);
  return names;
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const admin = await guard(request);
  const siteId = requestSiteId(request);
  const read = await readForm(request, MAX_BYTES + 1024 * 1024);
  if (!read.ok)
    return read.reason === "too_large"
      ? // The body was cut short at the limit: the file's size is not known.
        refusal({ field: "file", message: tooLargeMessage() }, 413)
      : refusal({ field: "form", message: read.message });
  const { form } = read;
  const intent = field(form, "intent");
  const pendingId = field(form, "file");

  if (intent === "upload") {
    const file = fileField(form, "upload");
    if (!file) return refusal({ field: "file", message: IMPORT_MESSAGES.noFile });
    if (file.size > MAX_BYTES)
      return refusal({ field: "file", message: tooLargeMessage(file.size) }, 413);
    const id = await keepPending({
      siteId,
      fileName: file.name || "이름 없는 파일",
      bytes: new Uint8Array(await file.arrayBuffer()),
      by: admin.email,
    });
    return redirect(stepHref(id));
  }

  if (intent === "map") {
    const plan = await planImport(siteId, pendingId, { remap: true });
    if (plan.step === "gone") return refusal({ field: "form", message: IMPORT_MESSAGES.gone });
    if (plan.step !== "mapping") return redirect(stepHref(pendingId));
    const picked = (name: string) => {
      const title = field(form, name);
      return plan.header.includes(title) && title !== "" ? title : undefined;
    };
    const missing = MAPPING_COLUMNS.find((c) => c.required && !picked(c.name));
    if (missing)
      return refusal({ field: missing.name, message: IMPORT_MESSAGES.mapping(missing.label) });
    const mapping: ColumnMapping = {
      day: picked("day")!,
      cost: picked("cost")!,
      costIncludesVat: field(form, "vat") !== "no",
    };
    for (const name of ["source", "campaign", "clicks", "impressions"] as const) {
      const title = picked(name);
      if (title) mapping[name] = title;
    }
    await rememberMapping(siteId, plan.header, mapping, admin.email);
    return redirect(stepHref(pendingId));
  }

  if (intent === "preview" || intent === "save") {
    const source = field(form, "source").trim();
    await rememberCampaignNames(siteId, typedNames(form), admin.email);
    if (intent === "preview") return redirect(stepHref(pendingId, { source }));
    const saved = await saveImport({
      siteId,
      pendingId,
      source,
      previewed: field(form, "previewed"),
      excludeRefused: field(form, "excludeRefused") === "1",
      replaceOverlap: field(form, "replaceOverlap") === "1",
      by: admin.email,
    });
    if (saved.ok) return redirect(`${PATH}?saved=${saved.imported[0]!.importId}`);
    if (saved.field === "form" && saved.message === IMPORT_MESSAGES.changed)
      return redirect(stepHref(pendingId, { source, changed: "1" }));
    return refusal({ field: saved.field, message: saved.message });
  }

  if (intent === "cancel") {
    await dropPending(siteId, pendingId);
    return redirect(PATH);
  }

  if (intent === "delete") {
    await deleteImport(siteId, field(form, "import"));
    return redirect(`${PATH}?deleted=1`);
  }
  return refusal({ field: "form", message: IMPORT_MESSAGES.gone });
}

export default function AdminChannelCosts({ loaderData, actionData }: Route.ComponentProps) {
  const { imports, sources, plan, saved, deleted, changed } = loaderData;
  const answer = actionData && "field" in actionData ? (actionData as CostAnswer) : undefined;
  const savedImport = saved ? imports.find((i) => i.id === saved) : undefined;
  return (
    <>
      <AdminHead title="광고비 가져오기" back={{ to: "/admin/channels", label: "← 채널 성과" }} />
      <FormMessage tone="ok" focus>
        {savedImport
          ? `「${savedImport.fileName}」 ${savedImport.rows.toLocaleString("ko-KR")}행, 합계 ${savedImport.totalWon.toLocaleString("ko-KR")}원을 저장했습니다.`
          : deleted
            ? "가져온 파일과 그 비용을 삭제했습니다."
            : null}
      </FormMessage>
      {plan === null || plan.step === "gone" || plan.step === "refused" ? (
        <CostUploadStep answer={answer} notice={uploadNotice(plan, IMPORT_MESSAGES.gone)} />
      ) : plan.step === "mapping" ? (
        <MappingStep plan={plan} answer={answer} />
      ) : (
        <PreviewStep plan={plan} sources={sources} answer={answer} changed={changed} />
      )}
      <ImportList imports={imports} highlight={saved} />
    </>
  );
}
