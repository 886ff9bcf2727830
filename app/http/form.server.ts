/*
 * Reads a route's form (it may carry a photo), counting bytes on the stream (a chunked body has no
 * Content-Length to trust). A body over the limit is read to the end and dropped, up to DRAIN_MAX
 * bytes, so that the browser receives the Korean answer instead of a reset connection.
 */
import { PHOTO_MAX_BYTES } from "~/lib/press-form";

/** The photo plus room for the other fields and the multipart framing. */
export const UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES + 1024 * 1024;
const DRAIN_MAX = 40 * 1024 * 1024;

export type ReadForm =
  | { ok: true; form: FormData }
  | { ok: false; reason: "too_large" | "malformed" };

export async function readForm(request: Request, maxBytes = UPLOAD_MAX_BYTES): Promise<ReadForm> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  const body = request.body;
  if (!body) return { ok: true, form: new FormData() };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooLarge = declared > maxBytes;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (total > DRAIN_MAX) {
          await reader.cancel();
          break;
        }
      } else {
        chunks.push(value);
      }
    }
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (tooLarge) return { ok: false, reason: "too_large" };
  try {
    const form = await new Response(Buffer.concat(chunks), {
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
    }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, reason: "malformed" };
  }
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
