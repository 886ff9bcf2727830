import { useEffect, useRef, useState, type ReactNode } from "react";

/*
 * What every upload slot of the console does alike (a picture's, image-field.tsx; a film's, a
 * panorama's, a notice's, file-field.tsx): posting the file on its own, busy and status while it
 * goes, the refusal in Korean beside the control it is about (focus moved there, announced), a
 * session that ended said as such, drag and drop onto the slot, and telling the draft's autosave
 * that the slot changed. The form then saves the slot's hidden fields like any other field.
 */

/** A refusal and the control it is about (a slot's file input, a picture's alt text…). */
export type UploadProblem = { field: string; message: string };

/** What the endpoints answer: ok with what the slot holds, or a refusal naming its field. */
type Answer = { ok: boolean; field?: string; message?: string };

const SESSION_ENDED =
  "로그인이 끝났습니다. 다른 탭에서 다시 로그인해 주세요. 그다음 다시 올리면 됩니다.";

/** Tells the form's listeners (the draft's autosave) that a slot changed: hidden fields send no event. */
function announceChange(from: HTMLElement | null) {
  from?.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * One upload control's state. `ids` names the element of each field a refusal may be about
 * (`file` at least): focus goes there once the control is usable again.
 */
export function useUpload(ids: { file: string } & Record<string, string>) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  // The control to focus after a refusal: a disabled input (busy) takes no focus, so after it.
  const focusNext = useRef<string | null>(null);
  // A change to announce once React has written the slot's hidden fields.
  const announceNext = useRef(false);

  useEffect(() => {
    if (busy || !focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  useEffect(() => {
    if (!announceNext.current) return;
    announceNext.current = false;
    announceChange(document.getElementById(ids.file));
  });

  /** Refuses here (nothing is sent): the message beside the field, focus on it. */
  function fail(field: string, message: string) {
    setStatus("");
    setProblem({ field, message });
    focusNext.current = ids[field] ?? ids.file;
  }

  /**
   * Posts `body` to `endpoint` (multipart, as JSON is asked for); the answer when it is ok, else
   * null with its refusal shown. `what` names the file in the status line ("파노라마").
   */
  async function send<T extends Answer>(
    endpoint: string,
    body: FormData,
    what: string,
  ): Promise<(T & { ok: true }) | null> {
    setProblem(null);
    setBusy(true);
    setStatus(`${what} 파일을 올리는 중입니다…`);
    try {
      const res = await fetch(endpoint, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
        // A session that ended answers with the sign-in page: say so, not "no file".
        redirect: "manual",
      });
      if (res.type === "opaqueredirect" || res.status === 401) {
        fail("file", SESSION_ENDED);
        return null;
      }
      const answer = (await res.json().catch(() => null)) as T | null;
      if (!answer?.ok) {
        fail(
          answer?.field && ids[answer.field] ? answer.field : "file",
          answer?.message ??
            `${what} 파일을 올리지 못했습니다 (응답 ${res.status}). 다시 시도해 주세요.`,
        );
        return null;
      }
      return answer as T & { ok: true };
    } catch {
      fail("file", `${what} 파일을 올리지 못했습니다. 연결을 확인하고 다시 시도해 주세요.`);
      return null;
    } finally {
      setBusy(false);
    }
  }

  /** The slot changed (a file in, or taken out): says so, and tells the autosave once it is drawn. */
  function done(message: string) {
    setProblem(null);
    setStatus(message);
    announceNext.current = true;
  }

  return { busy, status, problem, fail, send, done };
}

/** A slot a file can be dropped onto (with the script only): the file goes to `onFile`. */
export function DropZone({
  hydrated,
  onFile,
  children,
}: {
  hydrated: boolean;
  onFile: (file: File | undefined) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={dragging ? "cf-drop is-dragging" : "cf-drop"}
      onDragOver={(event) => {
        if (!hydrated || !event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        setDragging(false);
        onFile(event.dataTransfer.files[0]);
      }}
    >
      {children}
    </div>
  );
}

/** A slot's refusal (announced as it comes) and its status line, below its upload control. */
export function UploadMessages({
  id,
  errors,
  status,
}: {
  /** The upload control's id: the refusal is `<id>-error`, which the control names. */
  id: string;
  errors: string[];
  status: string;
}) {
  return (
    <>
      {errors.length ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
      <p className="cf-upload-status" role="status">
        {status}
      </p>
    </>
  );
}
