/*
 * What the press write and edit forms share on the server: reading the (possibly multipart) body
 * with a byte limit, checking the fields with the shared rules, checking and rendering the photo,
 * and saving a new post (the write form is on the press list and on /admin/press/new).
 * A refused submission returns what was typed, so a page rendered without JavaScript keeps it.
 */
import { data } from "react-router";
import { NO_STORE } from "~/lib/cache";
import {
  checkPressForm,
  PHOTO_MAX_BYTES,
  PRESS_MESSAGES,
  type PressFieldErrors,
  type PressFormValues,
  type PressInput,
} from "~/press/press-form";
import { renderPhoto, type RenderedPhoto } from "~/press/photos.server";
import { createPost } from "~/press/posts.server";
import { field, fileField } from "~/http/form.server";

/** The answer of a write/edit action that did not save. */
export type PressFormAnswer = {
  ok: false;
  intent: "create" | "update";
  errors: PressFieldErrors;
  values: PressFormValues;
  formError?: string;
};

export const noStore = { "Cache-Control": NO_STORE };

function pressFormValues(form: FormData): PressFormValues {
  return {
    title: field(form, "title"),
    summary: field(form, "summary"),
    body: field(form, "body"),
    sourceName: field(form, "sourceName"),
    sourceUrl: field(form, "sourceUrl"),
    pressDate: field(form, "pressDate"),
    publish: field(form, "publish") || "now",
    publishAt: field(form, "publishAt"),
  };
}

/** A body that could not be read at all (too large, broken): a Korean answer, nothing saved. */
export function unreadable(reason: "too_large" | "malformed", intent: PressFormAnswer["intent"]) {
  const message =
    reason === "too_large" ? PRESS_MESSAGES.requestTooLarge : PRESS_MESSAGES.photoBroken;
  return data<PressFormAnswer>(
    {
      ok: false,
      intent,
      errors: { photo: message },
      values: pressFormValues(new FormData()),
      formError: message,
    },
    { status: reason === "too_large" ? 413 : 400, headers: noStore },
  );
}

export type PressSubmission =
  | { ok: true; input: PressInput; photo: RenderedPhoto | null; removePhoto: boolean }
  | { ok: false; answer: ReturnType<typeof data<PressFormAnswer>> };

/** Checks the fields and the photo of a submitted write or edit form. */
export async function checkSubmission(
  form: FormData,
  intent: PressFormAnswer["intent"],
  now = new Date(),
): Promise<PressSubmission> {
  const values = pressFormValues(form);
  const checked = checkPressForm(values, now);
  const errors: PressFieldErrors = checked.ok ? {} : { ...checked.errors };
  const file = fileField(form, "photo");
  let photo: RenderedPhoto | null = null;
  // The photo is rendered only when everything else is right (it is the slow part).
  if (file && file.size > PHOTO_MAX_BYTES) {
    errors.photo = PRESS_MESSAGES.photoTooLarge;
  } else if (file && checked.ok) {
    const rendered = await renderPhoto(Buffer.from(await file.arrayBuffer()));
    if (rendered.ok) photo = rendered.photo;
    else errors.photo = rendered.message;
  } else if (file) {
    errors.photo = PRESS_MESSAGES.photoAgain;
  }
  if (!checked.ok || errors.photo) {
    const status = errors.photo === PRESS_MESSAGES.photoTooLarge ? 413 : 400;
    return {
      ok: false,
      answer: data<PressFormAnswer>(
        { ok: false, intent, errors, values },
        { status, headers: noStore },
      ),
    };
  }
  return { ok: true, input: checked.data, photo, removePhoto: field(form, "removePhoto") === "on" };
}

/**
 * A submitted write form: checked, then saved by the administrator as a new post of the complex
 * siteId at its press address `site`.
 */
export async function createSubmitted(
  form: FormData,
  { siteId, site }: { siteId: string; site: string },
  adminId: string,
): Promise<{ ok: true; id: string } | Extract<PressSubmission, { ok: false }>> {
  const checked = await checkSubmission(form, "create");
  if (!checked.ok) return checked;
  const id = await createPost(siteId, site, checked.input, { photo: checked.photo, adminId });
  return { ok: true, id };
}
