import { useRef, useState, type DragEvent } from "react";
import { imageUrl, isMedia, photoWidths } from "~/lib/images";
import { fieldId, imageOwnFields, isRequired } from "~/lib/form-schema";
import { Field, FieldErrors, Group, type FieldProps } from "./fields";
import { useConsoleForm } from "./form-context";

/*
 * A picture slot `{ src, alt, width, height }`: the current picture, its alt text (required but on
 * a banner's background) and an upload. The file goes by itself to POST /admin/media (multipart
 * `file` and `alt`; common contract), which answers `{ ok, image: { src, width, height, alt },
 * previewUrl }` or `{ ok: false, field, message }`; the slot then holds the new src and size, and
 * the form saves it like any field. Without the script the slot keeps its picture (src and size in
 * hidden fields) and its alt text stays editable.
 */

/** The types the picker offers (the server checks the content, not the name). */
const ACCEPT = "image/jpeg,image/png,image/webp,image/svg+xml";
export const MEDIA_ENDPOINT = "/admin/media";

type Picture = { src?: string; alt?: string; width?: number; height?: number };
type UploadAnswer =
  | { ok: true; image: Required<Picture>; previewUrl: string }
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

/** Tells the form's listeners (the draft's autosave) that the slot changed: hidden fields send no event. */
function announceChange(from: HTMLElement | null) {
  from?.dispatchEvent(new Event("input", { bubbles: true }));
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
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<{ field: "file" | "alt"; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const own = imageOwnFields(schema);
  const fileErrors = [
    ...(form.errors[`${name}.$file`] ?? []),
    ...(problem?.field === "file" ? [problem.message] : []),
  ];
  const shown: Picture = uploaded ?? picture;
  const shownFile = shown.src ? shown.src.split("/").pop() : "";

  async function upload(chosen: File | undefined) {
    const alt = (document.getElementById(altId) as HTMLInputElement | null)?.value.trim() ?? "";
    if (!chosen) {
      setProblem({ field: "file", message: "올릴 그림 파일을 골라 주세요." });
      file.current?.focus();
      return;
    }
    if (!alt) {
      setProblem({
        field: "alt",
        message: "대체 텍스트를 먼저 입력해 주세요. 그림을 볼 수 없는 분께 읽어 주는 설명입니다.",
      });
      document.getElementById(altId)?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    setStatus("그림을 올리는 중입니다…");
    try {
      const body = new FormData();
      body.set("file", chosen);
      body.set("alt", alt);
      const res = await fetch(MEDIA_ENDPOINT, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
        // A session that ended answers with the sign-in page: say so, not "no picture".
        redirect: "manual",
      });
      if (res.type === "opaqueredirect" || res.status === 401) {
        setStatus("");
        setProblem({
          field: "file",
          message:
            "로그인이 끝났습니다. 다른 탭에서 다시 로그인해 주세요. 그다음 다시 올리면 됩니다.",
        });
        return;
      }
      const answer = (await res.json().catch(() => null)) as UploadAnswer | null;
      if (!answer?.ok) {
        setStatus("");
        const message =
          answer?.message ?? `그림을 올리지 못했습니다 (응답 ${res.status}). 다시 시도해 주세요.`;
        setProblem({ field: answer?.field === "alt" ? "alt" : "file", message });
        document.getElementById(answer?.field === "alt" ? altId : fileId)?.focus();
        return;
      }
      setUploaded({
        src: answer.image.src,
        width: answer.image.width,
        height: answer.image.height,
      });
      setPreview(answer.previewUrl);
      if (file.current) file.current.value = "";
      setStatus("그림을 올렸습니다. 초안에 저장되고, 게시하면 사이트에 반영됩니다.");
      announceChange(file.current);
    } catch {
      setStatus("");
      setProblem({
        field: "file",
        message: "그림을 올리지 못했습니다. 연결을 확인하고 다시 시도해 주세요.",
      });
    } finally {
      setBusy(false);
    }
  }

  const drop = {
    onDragOver: (event: DragEvent) => {
      if (!form.hydrated || !event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      if (!form.hydrated) return;
      event.preventDefault();
      setDragging(false);
      void upload(event.dataTransfer.files[0]);
    },
  };

  return (
    <div className={dragging ? "cf-drop is-dragging" : "cf-drop"} {...drop}>
      <Group {...props} className="cf-image">
        {props.keyControl}
        <input type="hidden" name={`${name}.src`} value={shown.src ?? ""} readOnly />
        <input type="hidden" name={`${name}.width`} value={shown.width ?? ""} readOnly />
        <input type="hidden" name={`${name}.height`} value={shown.height ?? ""} readOnly />
        <div className="cf-image-body">
          <figure className="cf-thumb">
            {preview ? (
              <img src={preview} alt="" loading="lazy" decoding="async" />
            ) : (
              <span className="cf-thumb-none">그림 없음</span>
            )}
            <figcaption>
              {shownFile ? `현재 그림: ${shownFile}` : "아직 그림이 없습니다"}
              {shown.width && shown.height ? ` (${shown.width}×${shown.height})` : ""}
            </figcaption>
          </figure>
          <div className="cf-image-fields">
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
            {problem?.field === "alt" ? (
              <p className="field-error" role="alert">
                {problem.message}
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
                  disabled={!form.hydrated || busy}
                  aria-describedby={
                    [
                      props.quiet ? "" : `${fileId}-help`,
                      fileErrors.length ? `${fileId}-error` : "",
                    ]
                      .filter(Boolean)
                      .join(" ") || undefined
                  }
                  aria-invalid={fileErrors.length ? true : undefined}
                  onChange={(event) => void upload(event.currentTarget.files?.[0])}
                />
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  disabled={!form.hydrated || busy}
                  onClick={() => void upload(file.current?.files?.[0])}
                >
                  올리기
                </button>
              </div>
              <p id={`${fileId}-help`} className="cf-help" hidden={props.quiet}>
                {form.hydrated
                  ? "JPEG, PNG, WebP, SVG (20MB, 4,000만 화소까지). 파일을 고르거나 여기에 끌어다 놓으면 대체 텍스트와 함께 올립니다."
                  : "그림을 올리려면 자바스크립트가 필요합니다. 지금 그림과 대체 텍스트는 그대로 저장됩니다."}
              </p>
              <FieldErrors id={fileId} errors={fileErrors.length ? fileErrors : undefined} />
              <p className="cf-upload-status" role="status">
                {status}
              </p>
            </div>
          </div>
        </div>
      </Group>
    </div>
  );
}
