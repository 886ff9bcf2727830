import type { Route } from "./+types/media.pdf";
import { uploadAction, uploadOnly } from "~/media/file-route.server";
import { processPdfUpload } from "~/media/pdf.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * POST /admin/media/pdf: the recruitment notice uploaded from the console (multipart/form-data:
 * `file`), on the complex's host, by a signed-in administrator of that complex. Answers JSON
 * (FileUploadAnswer): `{ ok: true, value: { src, bytes, pages }, previewUrl, job }`, which the
 * console's file slot puts in `announcement.document`, or `{ ok: false, field: "file", message }`
 * with 400 (broken, locked by a password, over 300 pages, a page of an odd size), 413 (over 30 MB)
 * or 415 (not a PDF). The PDF is stored and its pages' sizes read at once; the pages are drawn by
 * a job (app/media/pdf.server.ts), whose progress `job` and GET /admin/media/jobs give.
 */

export const loader = ({ request }: Route.LoaderArgs) => uploadOnly(request);

export const action = ({ request }: Route.ActionArgs) =>
  uploadAction(request, "pdf", (bytes) =>
    processPdfUpload(new Uint8Array(bytes), {
      signal: request.signal,
      siteId: requestSiteId(request),
    }),
  );
