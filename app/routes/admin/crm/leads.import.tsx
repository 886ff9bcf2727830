import { data, redirect } from "react-router";
import type { Route } from "./+types/leads.import";
import { AdminHead } from "~/components/admin/admin-head";
import { FormMessage } from "~/components/admin/form-message";
import { uploadNotice, type StepAnswer } from "~/components/admin/step-form";
import {
  LeadFileList,
  LeadMappingStep,
  LeadPreviewStep,
  LeadUploadStep,
} from "~/components/crm/lead-file-steps";
import { refuseCrossSite, requireArea } from "~/auth/guards.server";
import { knownSources } from "~/channels/ad-cost-import.server";
import { field, fileField, readForm } from "~/http/form.server";
import {
  LEAD_FILE_FIELD_LABEL,
  LEAD_FILE_FIELDS,
  LEAD_FILE_MESSAGES,
  leadMappingSchema,
} from "~/leads/lead-file";
import {
  dropLeadFile,
  keepLeadFile,
  listLeadFiles,
  planLeadFile,
  rememberLeadMapping,
  saveLeadFile,
  undoLeadFile,
  type LeadFileChoices,
} from "~/leads/lead-file.server";
import { adminHeaders, adminTitle } from "~/lib/admin-page";
import { requestSiteId } from "~/sites/request-site.server";
import { requireSite } from "~/sites/registry.server";
import { MAX_BYTES, tooLargeMessage } from "~/tables/read-table";

/*
 * /admin/leads/import: 리드 파일 가져오기 (issue 42), from 상담 접수 관리. A lead file from Kakao
 * 비즈니스폼+, 당근 비즈니스 or a DB vendor (CSV, XLSX, 10 MB) is uploaded and waits on the server
 * (app/leads/lead-file.server.ts); its columns are picked once per header; the preview counts new
 * people, touches on cards the complex has, phones twice in the file, refused rows and 동의 미확인,
 * with the file's source, campaign and consent; the save posts the waiting file's id. Agency
 * accounts only (consultants work the desk, not its intake). The address carries the step:
 * ?file=<waiting id>&source=&campaign=&consentAt=&consentWhere=&remap=1.
 */

export const meta = adminTitle("리드 파일 가져오기");
export const headers = adminHeaders;

const PATH = "/admin/leads/import";
const CHOICES = ["source", "campaign", "consentAt", "consentWhere"] as const;

function stepHref(pendingId?: string, more: Record<string, string> = {}) {
  const query = new URLSearchParams(pendingId ? { file: pendingId, ...more } : more).toString();
  return query ? `${PATH}?${query}` : PATH;
}

const choicesOf = (read: (name: string) => string | null): LeadFileChoices =>
  Object.fromEntries(
    CHOICES.map((name) => [name, (read(name) ?? "").trim().slice(0, 200)]),
  ) as LeadFileChoices;

/** The complex's agency accounts; a consultant is answered the 404 of a page that does not exist. */
async function guard(request: Request) {
  const admin = await requireArea(request, requestSiteId(request), "leads");
  if (admin.role === "consultant") throw data(null, { status: 404 });
  return admin;
}

export async function loader({ request }: Route.LoaderArgs) {
  await guard(request);
  const siteId = requestSiteId(request);
  const url = new URL(request.url);
  const pendingId = url.searchParams.get("file");
  const [files, sources, plan] = await Promise.all([
    listLeadFiles(siteId),
    knownSources(siteId),
    pendingId
      ? planLeadFile(
          siteId,
          pendingId,
          choicesOf((name) => url.searchParams.get(name)),
          { remap: url.searchParams.has("remap") },
        )
      : null,
  ]);
  return data(
    {
      files,
      sources,
      plan,
      saved: url.searchParams.get("saved"),
      undone: url.searchParams.get("undone"),
      restored: Math.max(0, Math.floor(Number(url.searchParams.get("restored")) || 0)),
      changed: url.searchParams.has("changed"),
    },
    { headers: adminHeaders() },
  );
}

const refusal = (answer: StepAnswer, status = 400) =>
  data(answer, { status, headers: adminHeaders() });

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const admin = await guard(request);
  const siteId = requestSiteId(request);
  const read = await readForm(request, MAX_BYTES + 1024 * 1024);
  if (!read.ok)
    return read.reason === "too_large"
      ? refusal({ field: "file", message: tooLargeMessage() }, 413)
      : refusal({ field: "form", message: read.message });
  const { form } = read;
  const intent = field(form, "intent");
  const pendingId = field(form, "file");

  if (intent === "upload") {
    const file = fileField(form, "upload");
    if (!file) return refusal({ field: "file", message: "올릴 파일을 골라 주세요." });
    if (file.size > MAX_BYTES)
      return refusal({ field: "file", message: tooLargeMessage(file.size) }, 413);
    const id = await keepLeadFile({
      siteId,
      fileName: file.name || "이름 없는 파일",
      bytes: new Uint8Array(await file.arrayBuffer()),
      by: admin.email,
    });
    return redirect(stepHref(id));
  }

  if (intent === "map") {
    const plan = await planLeadFile(siteId, pendingId, undefined, { remap: true });
    if (plan.step === "gone") return refusal({ field: "form", message: LEAD_FILE_MESSAGES.gone });
    if (plan.step !== "mapping") return redirect(stepHref(pendingId));
    const picked: Record<string, number> = {};
    for (const name of LEAD_FILE_FIELDS) {
      const value = field(form, name);
      const at = Number(value);
      if (value !== "" && Number.isInteger(at) && at >= 0 && at < plan.header.length)
        picked[name] = at;
    }
    const missing = (["name", "phone"] as const).find((name) => picked[name] === undefined);
    if (missing)
      return refusal({
        field: missing,
        message: `${LEAD_FILE_FIELD_LABEL[missing]} 열을 골라 주세요.`,
      });
    await rememberLeadMapping(siteId, plan.header, leadMappingSchema.parse(picked), admin.email);
    return redirect(stepHref(pendingId));
  }

  if (intent === "preview" || intent === "save") {
    const choices = choicesOf((name) => field(form, name));
    const kept = Object.fromEntries(Object.entries(choices).filter(([, v]) => v !== ""));
    if (intent === "preview") return redirect(stepHref(pendingId, kept));
    const saved = await saveLeadFile(requireSite(siteId), {
      pendingId,
      choices,
      previewed: field(form, "previewed"),
      by: admin.email,
    });
    if (saved.ok) return redirect(`${PATH}?saved=${saved.fileId}`);
    if (saved.field === "form" && saved.message === LEAD_FILE_MESSAGES.changed)
      return redirect(stepHref(pendingId, { ...kept, changed: "1" }));
    return refusal({ field: saved.field, message: saved.message });
  }

  if (intent === "undo") {
    const fileId = field(form, "leadFile");
    const undone = await undoLeadFile(siteId, fileId, admin.email);
    if (!undone.ok) return refusal({ field: "undo", message: undone.message }, 409);
    const restored = undone.restoredCards > 0 ? `&restored=${undone.restoredCards}` : "";
    return redirect(`${PATH}?undone=${encodeURIComponent(fileId)}${restored}`);
  }

  if (intent === "cancel") {
    await dropLeadFile(siteId, pendingId);
    return redirect(PATH);
  }
  return refusal({ field: "form", message: LEAD_FILE_MESSAGES.gone });
}

export default function AdminLeadImport({ loaderData, actionData }: Route.ComponentProps) {
  const { files, sources, plan, saved, undone, restored, changed } = loaderData;
  const answer = actionData && "field" in actionData ? (actionData as StepAnswer) : undefined;
  const savedFile = saved ? files.find((f) => f.id === saved) : undefined;
  const undoneFile = undone ? files.find((f) => f.id === undone && f.removed) : undefined;
  return (
    <>
      <AdminHead
        title="리드 파일 가져오기"
        back={{ to: "/admin/leads", label: "← 상담 접수 관리" }}
      />
      <FormMessage tone="ok" focus>
        {savedFile
          ? `「${savedFile.fileName}」을(를) 저장했습니다: 새 고객 ${savedFile.newCards.toLocaleString("ko-KR")}명, 기존 고객에 추가 ${savedFile.joined.toLocaleString("ko-KR")}명, 동의 미확인 ${savedFile.unconfirmed.toLocaleString("ko-KR")}명.`
          : undoneFile
            ? `「${undoneFile.fileName}」 가져오기를 되돌렸습니다.${restored > 0 ? ` 이 파일로 신규가 됐던 기존 고객 ${restored.toLocaleString("ko-KR")}명은 전 상태로 돌아갔습니다.` : ""} 같은 파일을 다시 가져올 수 있습니다.`
            : null}
      </FormMessage>
      <FormMessage tone="error" focus>
        {answer?.field === "undo" ? answer.message : null}
      </FormMessage>
      {plan === null || plan.step === "gone" || plan.step === "refused" ? (
        <LeadUploadStep answer={answer} notice={uploadNotice(plan, LEAD_FILE_MESSAGES.gone)} />
      ) : plan.step === "mapping" ? (
        <LeadMappingStep plan={plan} answer={answer} />
      ) : (
        <LeadPreviewStep plan={plan} sources={sources} answer={answer} changed={changed} />
      )}
      <LeadFileList files={files} highlight={saved} />
    </>
  );
}
