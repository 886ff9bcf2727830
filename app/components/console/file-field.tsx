import { useRef, useState, type RefObject } from "react";
import {
  FILE_LIMITS,
  FILE_MESSAGES,
  fileUploadPath,
  type FileKind,
  type FileUploadAnswer,
} from "~/lib/file-upload";
import { fieldId, type FieldSchema } from "~/console/form-schema";
import { jobText } from "~/jobs/jobs";
import { pageUrl, panoramaUrl, panoramaWidths } from "~/lib/media-files";
import { Group, type FieldProps } from "./field-frame";
import { useConsoleForm } from "./form-context";
import { useJob } from "./use-job";
import { DropZone, UploadMessages, useUpload } from "./use-upload";

/*
 * A file slot that is not a picture (widgets video-file, panorama, pdf): what it holds now, and an
 * upload that fills it. The file goes by itself to POST /admin/media/<kind> (app/lib/file-upload.ts:
 * its limits, checked here before sending, and its answer); the answer's value is written into
 * the slot's hidden fields (`<name>.src`, a notice's `<name>.pages.0.width`…), which the form saves
 * like any field (app/console/form-object.ts). A film has its captions (.vtt) beside it, uploaded the
 * same way. An optional slot can be emptied ("파일 빼기"): its fields are then empty, and the
 * slot is left out. Without the script the slot keeps its file and says uploads need it.
 *
 * A file whose work goes on after the upload (a notice's pages drawn by a job, app/jobs/jobs.ts)
 * shows how far it got instead of its preview ("3 / 40쪽 그리는 중"), then its first page; a
 * failed job its Korean reason, as the field's problem. With the script the slot asks until the
 * job ends (use-job.ts); without it, a reload shows where it is.
 */

type Slot = Record<string, unknown>;
type SlotWidget = "video-file" | "panorama" | "pdf";

const KIND: Record<SlotWidget, FileKind> = {
  "video-file": "video",
  panorama: "panorama",
  pdf: "pdf",
};

const MB = 1024 * 1024;
const fileName = (src: unknown) => (typeof src === "string" ? (src.split("/").pop() ?? "") : "");
const num = (v: unknown) => (typeof v === "number" ? v : 0);
const pagesOf = (slot: Slot) => (Array.isArray(slot.pages) ? (slot.pages as Slot[]) : []);

/**
 * The slot's hidden fields, by its schema: each plain part by its name (empty when missing), each
 * entry of a list of parts (a notice's pages) by its index.
 */
function hiddenFields(
  schema: FieldSchema,
  slot: Slot | undefined,
  name: string,
): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, part] of Object.entries(schema.properties ?? {})) {
    const v = slot?.[key];
    if (part.type === "array") {
      (Array.isArray(v) ? v : []).forEach((entry, i) =>
        out.push(...hiddenFields(part.items ?? {}, entry as Slot, `${name}.${key}.${i}`)),
      );
    } else out.push([`${name}.${key}`, v === undefined || v === null ? "" : String(v)]);
  }
  return out;
}

/** What the slot holds, in words: its file's name and size (pixels, pages, bytes). */
function holding(kind: FileKind, slot: Slot | undefined): string {
  if (!slot?.src) return "아직 파일이 없습니다";
  const size =
    kind === "pdf"
      ? `${pagesOf(slot).length}쪽, ${(num(slot.bytes) / MB).toFixed(1)}MB`
      : `${num(slot.width)}×${num(slot.height)}`;
  return `현재 파일: ${fileName(slot.src)} (${size})`;
}

/** A small picture of the slot's file: a panorama's preview, a notice's first page; else null. */
function thumbnail(kind: FileKind, slot: Slot | undefined): string | null {
  if (typeof slot?.src !== "string" || !slot.src) return null;
  if (kind === "panorama" && num(slot.width))
    return panoramaUrl({ src: slot.src }, panoramaWidths(num(slot.width))[0]!);
  if (kind === "pdf" && pagesOf(slot).length) return pageUrl({ src: slot.src }, 1, 800);
  return null;
}

/** The help under an upload: what it takes; or, without the script, that the file stays. */
function uploadHelp(kind: FileKind, hydrated: boolean) {
  const { types, maxBytes } = FILE_LIMITS[kind];
  if (!hydrated) return "파일을 올리려면 자바스크립트가 필요합니다. 지금 파일은 그대로 저장됩니다.";
  const shape = kind === "panorama" ? " 가로:세로 2:1인 360° 사진." : "";
  return `${types}, ${maxBytes / MB}MB까지.${shape} 파일을 고르거나 여기에 끌어다 놓으면 바로 올립니다.`;
}

/** One upload control of a slot: its label, file input and button, help, refusal and status. */
function UploadControl({
  id,
  kind,
  label,
  upload,
  errors,
  quiet,
  onFile,
  input,
}: {
  id: string;
  kind: FileKind;
  label: string;
  upload: ReturnType<typeof useUpload>;
  errors: string[];
  quiet?: boolean;
  onFile: (file: File | undefined) => void;
  input: RefObject<HTMLInputElement | null>;
}) {
  const form = useConsoleForm();
  const all = [...errors, ...(upload.problem ? [upload.problem.message] : [])];
  return (
    <div className="field cf-field cf-upload">
      <label htmlFor={id}>{label}</label>
      <div className="cf-upload-row">
        <input
          ref={input}
          id={id}
          type="file"
          accept={FILE_LIMITS[kind].accept}
          disabled={!form.hydrated || upload.busy}
          aria-describedby={
            [quiet ? "" : `${id}-help`, all.length ? `${id}-error` : ""]
              .filter(Boolean)
              .join(" ") || undefined
          }
          aria-invalid={all.length ? true : undefined}
          onChange={(event) => onFile(event.currentTarget.files?.[0])}
        />
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={!form.hydrated || upload.busy}
          onClick={() => onFile(input.current?.files?.[0])}
        >
          올리기
        </button>
      </div>
      <p id={`${id}-help`} className="cf-help" hidden={quiet}>
        {uploadHelp(kind, form.hydrated)}
      </p>
      <UploadMessages id={id} errors={all} status={upload.status} />
    </div>
  );
}

export function FileField(props: FieldProps) {
  const { schema, name, value, optional } = props;
  const form = useConsoleForm();
  const kind = KIND[schema.widget as SlotWidget];
  const { what } = FILE_LIMITS[kind];
  const fileId = fieldId(`${name}.$file`);
  const captionsId = fieldId(`${name}.$captions`);
  // What the slot holds once it was changed here (uploaded, or taken out: `slot` undefined); the
  // hidden fields follow it.
  const [changed, setChanged] = useState<{ slot: Slot | undefined } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const slot = changed ? changed.slot : (value as Slot | undefined);
  const file = useRef<HTMLInputElement>(null);
  const captionsFile = useRef<HTMLInputElement>(null);
  const upload = useUpload({ file: fileId });
  const captions = useUpload({ file: captionsId });
  const src = typeof slot?.src === "string" ? slot.src : undefined;
  const { job, follow } = useJob(src, (done) =>
    upload.done(
      done.kind === "notice-pages"
        ? `${what}의 ${done.total}쪽을 모두 그렸습니다.`
        : `${what} 파일의 변환을 마쳤습니다.`,
    ),
  );
  const working = job && job.status !== "done" ? jobText(job) : null;
  const failed = job?.status === "failed";
  const shown = working ? null : (preview ?? thumbnail(kind, slot));

  /**
   * Checks the file here (nothing too large is sent), then posts it: the slot takes the answer.
   * The input is emptied either way (the file is in the slot, or its refusal names it), so the
   * same file can be chosen again.
   */
  async function send(
    which: ReturnType<typeof useUpload>,
    as: FileKind,
    input: RefObject<HTMLInputElement | null>,
    chosen: File | undefined,
    fill: (answer: FileUploadAnswer & { ok: true }) => void,
  ) {
    if (!chosen) return which.fail("file", FILE_MESSAGES.noFile(as));
    if (input.current) input.current.value = "";
    if (chosen.size > FILE_LIMITS[as].maxBytes)
      return which.fail("file", FILE_MESSAGES.tooLarge(as, chosen.size));
    const body = new FormData();
    body.set("file", chosen);
    const answer = await which.send<FileUploadAnswer>(
      fileUploadPath(as),
      body,
      FILE_LIMITS[as].what,
    );
    if (!answer) return;
    fill(answer);
    which.done(
      `${FILE_LIMITS[as].what} 파일을 올렸습니다. 초안에 저장되고, 게시하면 사이트에 반영됩니다.`,
    );
  }

  const sendFile = (chosen: File | undefined) =>
    void send(upload, kind, file, chosen, (answer) => {
      const next = answer.value as Slot;
      // A new film keeps the captions it had (a recut keeps its words); they can be replaced.
      setChanged({ slot: slot?.captions ? { ...next, captions: slot.captions } : next });
      setPreview(answer.previewUrl ?? null);
      if (typeof next.src === "string") follow(next.src, answer.job);
    });
  const sendCaptions = (chosen: File | undefined) =>
    void send(captions, "captions", captionsFile, chosen, (answer) =>
      setChanged({ slot: { ...slot, captions: answer.value as string } }),
    );

  function takeOut() {
    setChanged({ slot: undefined });
    setPreview(null);
    upload.done(`${what} 파일을 뺐습니다. 초안에 저장되고, 게시하면 사이트에서 빠집니다.`);
    file.current?.focus();
  }
  function takeOutCaptions() {
    const rest = { ...slot };
    delete rest.captions;
    setChanged({ slot: rest });
    captions.done("자막을 뺐습니다. 초안에 저장되고, 게시하면 사이트에서 빠집니다.");
    captionsFile.current?.focus();
  }

  const formErrors = (control: string) => form.errors[`${name}.${control}`] ?? [];

  return (
    <DropZone hydrated={form.hydrated} onFile={sendFile}>
      <Group {...props} className="cf-image cf-file">
        {hiddenFields(schema, slot, name).map(([field, v]) => (
          <input key={field} type="hidden" name={field} value={v} readOnly />
        ))}
        <div className={kind === "video" ? "cf-file-body" : "cf-image-body"}>
          {kind === "video" ? null : (
            <figure className="cf-thumb">
              {shown ? (
                <img src={shown} alt="" loading="lazy" decoding="async" />
              ) : (
                <span className="cf-thumb-none">
                  {working && !failed ? "변환 중" : "미리보기 없음"}
                </span>
              )}
            </figure>
          )}
          <div className="cf-image-fields">
            <p className="cf-file-now">{holding(kind, slot)}</p>
            {working && !failed ? (
              <p className="cf-job" id={`${fileId}-job`} role="status">
                {working}
              </p>
            ) : null}
            <UploadControl
              id={fileId}
              kind={kind}
              label={`새 ${what} 파일 올리기`}
              upload={upload}
              errors={[...formErrors("$file"), ...(failed && working ? [working] : [])]}
              quiet={props.quiet}
              onFile={sendFile}
              input={file}
            />
            {optional && slot?.src && form.hydrated ? (
              <button
                type="button"
                className="btn btn-outline btn-small cf-remove"
                onClick={takeOut}
              >
                파일 빼기
              </button>
            ) : null}
            {kind === "video" && slot?.src ? (
              <div className="cf-captions">
                <p className="cf-file-now">
                  {slot.captions ? `현재 자막: ${fileName(slot.captions)}` : "자막이 없습니다"}
                </p>
                <UploadControl
                  id={captionsId}
                  kind="captions"
                  label="자막 파일(.vtt) 올리기"
                  upload={captions}
                  errors={formErrors("$captions")}
                  quiet={props.quiet}
                  onFile={sendCaptions}
                  input={captionsFile}
                />
                {slot.captions && form.hydrated ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-small cf-remove"
                    onClick={takeOutCaptions}
                  >
                    자막 빼기
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </Group>
    </DropZone>
  );
}
