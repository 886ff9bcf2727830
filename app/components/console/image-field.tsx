import { useRef, useState } from "react";
import { imageUrl, isMedia, photoWidths } from "~/lib/images";
import { fieldId, imageOwnFields, isRequired } from "~/console/form-schema";
import { jobText, type JobView } from "~/jobs/jobs";
import { Group, type FieldProps } from "./field-frame";
import { Field } from "./fields";
import { useConsoleForm } from "./form-context";
import { useJob } from "./use-job";
import { DropZone, UploadMessages, useUpload } from "./use-upload";

/*
 * A picture slot `{ src, alt, width, height }`: the current picture, its alt text (required but on
 * a banner's background) and an upload. The file goes by itself to POST /admin/media (multipart
 * `file` and `alt`; common contract), which answers `{ ok, image: { src, width, height, alt },
 * previewUrl }` or `{ ok: false, field, message }`; the slot then holds the new src and size, and
 * the form saves it like any field (the upload's workings: ./use-upload.tsx). Without the script
 * the slot keeps its picture (src and size in hidden fields) and its alt text stays editable.
 * A large picture's variants are made by a job after the answer (`job`, app/jobs/jobs.ts): the slot
 * says "변환 중" instead of its preview until it is done, or the job's Korean reason if it failed.
 */

/** The types the picker offers (the server checks the content, not the name). */
const ACCEPT = "image/jpeg,image/png,image/webp,image/svg+xml";
const MEDIA_ENDPOINT = "/admin/media";

type Picture = { src?: string; alt?: string; width?: number; height?: number };
type UploadAnswer =
  | { ok: true; image: Required<Picture>; previewUrl: string; job?: JobView | null }
  | { ok: false; field?: "file" | "alt"; message?: string };

/**
 * A small picture of the slot's file, or null when it has none yet: the server's (which knows what
 * a slot's name resolves to), else an uploaded picture's, whose name says it all.
 */
function thumbnail(picture: Picture, preview: string | undefined): string | null {
  if (preview) return preview;
  if (!picture.src || !picture.width || !isMedia({ src: picture.src })) return null;
  const image = { src: picture.src, width: picture.width };
  return imageUrl(image, photoWidths(image)[0]);
}

export function ImageField(props: FieldProps) {
  const { schema, name, value } = props;
  const form = useConsoleForm();
  const picture = (value ?? {}) as Picture;
  const fileId = fieldId(`${name}.$file`);
  const altId = fieldId(`${name}.alt`);
  // The uploaded picture's file and size, once there is one (a hidden field's value follows its
  // `value` attribute, which React writes on every render: so React holds it).
  const [uploaded, setUploaded] = useState<{ src: string; width: number; height: number } | null>(
    null,
  );
  const file = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(() =>
    thumbnail(picture, form.previews[name]),
  );
  const upload = useUpload({ file: fileId, alt: altId });
  const own = imageOwnFields(schema);
  const shown: Picture = uploaded ?? picture;
  const { job, follow } = useJob(shown.src, () => upload.done("그림의 변환을 마쳤습니다."));
  const working = job && job.status !== "done" ? jobText(job) : null;
  const failed = job?.status === "failed";
  const fileErrors = [
    ...(form.errors[`${name}.$file`] ?? []),
    ...(upload.problem?.field === "file" ? [upload.problem.message] : []),
    ...(failed && working ? [working] : []),
  ];
  const shownFile = shown.src ? shown.src.split("/").pop() : "";

  async function send(chosen: File | undefined) {
    const alt = (document.getElementById(altId) as HTMLInputElement | null)?.value.trim() ?? "";
    if (!chosen) return upload.fail("file", "올릴 그림 파일을 골라 주세요.");
    if (!alt)
      return upload.fail(
        "alt",
        "대체 텍스트를 먼저 입력해 주세요. 그림을 볼 수 없는 분께 읽어 주는 설명입니다.",
      );
    const body = new FormData();
    body.set("file", chosen);
    body.set("alt", alt);
    const answer = await upload.send<UploadAnswer>(MEDIA_ENDPOINT, body, "그림");
    if (!answer) return;
    setUploaded({
      src: answer.image.src,
      width: answer.image.width,
      height: answer.image.height,
    });
    setPreview(answer.previewUrl);
    follow(answer.image.src, answer.job);
    if (file.current) file.current.value = "";
    upload.done("그림을 올렸습니다. 초안에 저장되고, 게시하면 사이트에 반영됩니다.");
  }

  return (
    <DropZone hydrated={form.hydrated} onFile={(chosen) => void send(chosen)}>
      <Group {...props} className="cf-image">
        {props.keyControl}
        <input type="hidden" name={`${name}.src`} value={shown.src ?? ""} readOnly />
        <input type="hidden" name={`${name}.width`} value={shown.width ?? ""} readOnly />
        <input type="hidden" name={`${name}.height`} value={shown.height ?? ""} readOnly />
        <div className="cf-image-body">
          <figure className="cf-thumb">
            {preview && !working ? (
              <img src={preview} alt="" loading="lazy" decoding="async" />
            ) : (
              <span className="cf-thumb-none">{working && !failed ? "변환 중" : "그림 없음"}</span>
            )}
            <figcaption>
              {shownFile ? `현재 그림: ${shownFile}` : "아직 그림이 없습니다"}
              {shown.width && shown.height ? ` (${shown.width}×${shown.height})` : ""}
            </figcaption>
          </figure>
          <div className="cf-image-fields">
            {working && !failed ? (
              <p className="cf-job" id={`${fileId}-job`} role="status">
                {working}
              </p>
            ) : null}
            {Object.entries(own).map(([key, sub]) => (
              <Field
                key={key}
                schema={sub}
                name={`${name}.${key}`}
                value={(picture as Record<string, unknown>)[key]}
                optional={!isRequired(schema, key)}
                quiet={props.quiet}
              />
            ))}
            {upload.problem?.field === "alt" ? (
              <p className="field-error" role="alert">
                {upload.problem.message}
              </p>
            ) : null}
            <div className="field cf-field cf-upload">
              <label htmlFor={fileId}>새 그림 올리기</label>
              <div className="cf-upload-row">
                <input
                  ref={file}
                  id={fileId}
                  type="file"
                  accept={ACCEPT}
                  disabled={!form.hydrated || upload.busy}
                  aria-describedby={
                    [
                      props.quiet ? "" : `${fileId}-help`,
                      fileErrors.length ? `${fileId}-error` : "",
                    ]
                      .filter(Boolean)
                      .join(" ") || undefined
                  }
                  aria-invalid={fileErrors.length ? true : undefined}
                  onChange={(event) => void send(event.currentTarget.files?.[0])}
                />
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  disabled={!form.hydrated || upload.busy}
                  onClick={() => void send(file.current?.files?.[0])}
                >
                  올리기
                </button>
              </div>
              <p id={`${fileId}-help`} className="cf-help" hidden={props.quiet}>
                {form.hydrated
                  ? "JPEG, PNG, WebP, SVG (20MB, 4,000만 화소까지). 파일을 고르거나 여기에 끌어다 놓으면 대체 텍스트와 함께 올립니다."
                  : "그림을 올리려면 자바스크립트가 필요합니다. 지금 그림과 대체 텍스트는 그대로 저장됩니다."}
              </p>
              <UploadMessages id={fileId} errors={fileErrors} status={upload.status} />
            </div>
          </div>
        </div>
      </Group>
    </DropZone>
  );
}
