/*
 * Reads a route's form (it may carry a photo, a film, a zip) as it streams, counting bytes on the
 * way (a chunked body has no Content-Length to trust): app/http/streamed-form.server.ts, whose
 * files are kept on disk for the request and whose text fields are held up to a limit. A body
 * over the limit is not read further here; the server reads and drops the rest before it answers
 * (server/body-limit.js), so that the browser receives the Korean answer instead of a reset.
 */
import { data } from "react-router";
import { readStreamedForm, STREAMED_FORM_MESSAGES } from "~/http/streamed-form.server";
import { PHOTO_MAX_BYTES } from "~/press/press-form";

/** The photo plus room for the other fields and the multipart framing. */
const UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES + 1024 * 1024;

export type ReadForm =
  | { ok: true; form: FormData }
  | { ok: false; reason: "too_large" | "malformed"; message: string };

/** The request's form, up to `maxBytes` in all, or why it cannot be read (with its Korean message). */
export function readForm(request: Request, maxBytes = UPLOAD_MAX_BYTES): Promise<ReadForm> {
  return readStreamedForm(request, { maxBytes });
}

/** What an action answers when its body cannot be read (requireForm). */
export const FORM_MESSAGES = STREAMED_FORM_MESSAGES;

/**
 * The form of an action, or, when its body cannot be read (cut short, a broken multipart boundary,
 * over `maxBytes`, a text field over its limit), a thrown 400 or 413 with the Korean message the error page shows: never an empty
 * form, which an action would take as "every box unticked" (issue 43: the desk's assignment settings
 * saved as "automatic assignment off, nobody active").
 */
export async function requireForm(
  request: Request,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<FormData> {
  const read = await readForm(request, maxBytes);
  if (read.ok) return read.form;
  throw data(read.message, {
    status: read.reason === "too_large" ? 413 : 400,
    headers: { "Cache-Control": "no-store" },
  });
}

/** A text field of a form ("" when missing or a file). */
export function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** An uploaded file of a form, or null when none was chosen. */
export function fileField(form: FormData, name: string): File | null {
  const v = form.get(name);
  return v && typeof v !== "string" && v.size > 0 ? v : null;
}
