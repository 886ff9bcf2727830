import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  AUTOSAVE_PARAM,
  withParam,
  type ContentAnswer,
  type LeftoversAnswer,
} from "~/console/content-answer";
import { formatKoreanDateTime } from "~/lib/korean-time";

/*
 * The content editor's saving with the script (app/routes/admin/console/content.tsx): an autosave
 * a few seconds after typing stops, posted by a fetcher (`?autosave`) with the draft the form is
 * based on; an explicit 저장 that waits for the save in flight; changes saved on the way out of the
 * page within the console, and a warning when leaving the document with changes unsaved.
 */

const AUTOSAVE_MS = 2500;
/** The id of the editor's form: the saving finds the form by it. */
export const FORM_ID = "content-form";

/** "오후 5:06": the time of a save today, as formatKoreanDateTime writes it. */
const timeOf = (iso: string) => formatKoreanDateTime(iso).split(" ").slice(-2).join(" ");

type Answer = Exclude<ContentAnswer, { kind: "unread" } | LeftoversAnswer>;

/**
 * The draft's saving with the script: the revision the form is based on, a save a few seconds after
 * the last change, the line that says how it went, and a warning when leaving with changes unsaved.
 * A refused save (another editor saved first) stops the autosave until the editor chooses.
 */
export function useDraftSaving(
  initial: number,
  initialValue: unknown,
  initialHash: string,
  explicit: Answer | null,
  action: string,
) {
  const fetcher = useFetcher<ContentAnswer>();
  const [base, setBase] = useState(initial);
  /** The section's part of the draft the form is based on (sectionHash), sent as `$section`. */
  const [hash, setHash] = useState(initialHash);
  /** Changes not saved yet (the section list's 저장 안 됨). */
  const [unsaved, setUnsaved] = useState(false);
  /** The last save's answer: the sections' counts of problems after it. */
  const [lastSaved, setLastSaved] = useState<Extract<ContentAnswer, { kind: "saved" }> | null>(
    null,
  );
  const [status, setStatus] = useState("");
  const [stale, setStale] = useState<Extract<ContentAnswer, { kind: "stale" }> | null>(
    explicit?.kind === "stale" ? explicit : null,
  );
  /** Changes not yet sent; a save waiting for the one in flight (never two at once: one base). */
  const dirty = useRef(false);
  /** The draft as this form last loaded or saved it, sent as `$base` with each save. */
  const baseValue = useRef(initialValue);
  const withBase = useCallback((form: HTMLFormElement) => {
    const body = new FormData(form);
    body.set("$base", JSON.stringify(baseValue.current));
    return body;
  }, []);
  const waiting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = fetcher.state !== "idle";

  const save = useCallback(() => {
    const form = document.getElementById(FORM_ID) as HTMLFormElement | null;
    if (!form || stale) return;
    if (busy) {
      waiting.current = true;
      return;
    }
    dirty.current = false;
    setStatus("저장하는 중…");
    void fetcher.submit(withBase(form), {
      method: "post",
      action: withParam(action, AUTOSAVE_PARAM),
      encType: "multipart/form-data",
    });
  }, [action, busy, fetcher, stale, withBase]);

  // Each answer, the explicit save's or the autosave's, as it arrives.
  const settle = useCallback((answer: ContentAnswer | null | undefined) => {
    if (!answer) return;
    if (answer.kind === "saved") {
      baseValue.current = answer.value;
      setBase(answer.revision);
      setHash(answer.sectionHash);
      setLastSaved(answer);
      setUnsaved(dirty.current);
      setStale(null);
      setStatus(
        `초안 저장됨 · ${timeOf(answer.savedAt)}${answer.problems.length ? ` (게시 전에 고칠 곳 ${answer.problems.length}곳)` : ""}`,
      );
    } else if (answer.kind === "stale") {
      setStale(answer);
      setStatus("다른 편집자가 먼저 저장해서 저장하지 못했습니다.");
    } else if (answer.kind === "unread") {
      // Still to save: leaving warns, and the next change tries again.
      dirty.current = true;
      setStatus(`저장하지 못했습니다: ${answer.message}`);
    }
  }, []);
  useEffect(() => settle(explicit), [explicit, settle]);
  useEffect(() => {
    if (fetcher.state === "idle") settle(fetcher.data);
  }, [fetcher.state, fetcher.data, settle]);
  // The save that waited for the one in flight, now with its revision.
  useEffect(() => {
    if (busy || !waiting.current || stale) return;
    waiting.current = false;
    if (dirty.current) save();
  }, [base, busy, save, stale]);

  /** A change in the form: the draft is saved once typing pauses. */
  const changed = useCallback(() => {
    if (stale) return;
    dirty.current = true;
    setUnsaved(true);
    setStatus("저장하지 않은 변경이 있습니다.");
    clearTimeout(timer.current);
    timer.current = setTimeout(save, AUTOSAVE_MS);
  }, [save, stale]);

  // Leaving the document with changes unsaved asks first (a body this large cannot go in a
  // beacon); leaving the page within the console (a link) saves them on the way out.
  const staleNow = useRef(stale);
  useEffect(() => {
    staleNow.current = stale;
  }, [stale]);
  useEffect(() => {
    const form = document.getElementById(FORM_ID) as HTMLFormElement | null;
    const leaving = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", leaving);
    return () => {
      window.removeEventListener("beforeunload", leaving);
      clearTimeout(timer.current);
      // The form, detached by now, still holds what was typed.
      if (dirty.current && !staleNow.current && form)
        void fetch(withParam(action, AUTOSAVE_PARAM), {
          method: "POST",
          body: withBase(form),
          redirect: "manual",
        }).catch(() => undefined);
    };
  }, [action, withBase]);

  // An explicit 저장 pressed while an autosave is in flight waits for its answer, then goes with the
  // revision it made (sent at once, it carried the revision before it and was refused as stale).
  const busyNow = useRef(busy);
  useEffect(() => {
    busyNow.current = busy;
  }, [busy]);
  const explicitWaiting = useRef<HTMLElement | null | undefined>(undefined);
  useEffect(() => {
    const submitter = explicitWaiting.current;
    if (busy || submitter === undefined) return;
    explicitWaiting.current = undefined;
    if (stale) return;
    const form = document.getElementById(FORM_ID) as HTMLFormElement | null;
    form?.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
  }, [base, busy, stale]);

  // An explicit 저장 takes the place of a pending autosave.
  const submitted = useCallback((event: React.FormEvent) => {
    // Not another form on the page (원본 단지 내용's).
    if ((event.target as HTMLElement).id !== FORM_ID) return;
    if (busyNow.current) {
      event.preventDefault();
      explicitWaiting.current = (event.nativeEvent as SubmitEvent).submitter;
      setStatus("저장하는 중…");
      return;
    }
    clearTimeout(timer.current);
    dirty.current = false;
    const base = (event.target as HTMLFormElement).elements.namedItem("$base");
    if (base instanceof HTMLInputElement) base.value = JSON.stringify(baseValue.current);
  }, []);
  return { base, hash, busy, status, stale, changed, submitted, unsaved, lastSaved };
}
