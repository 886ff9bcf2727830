import type { Route } from "./+types/media.panorama";
import { uploadAction, uploadOnly } from "~/media/file-route.server";
import { processPanorama } from "~/media/panorama.server";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * POST /admin/media/panorama: a 360° panorama uploaded from the console's panorama slot
 * (multipart/form-data: `file`), on the complex's host, by a signed-in administrator of that
 * complex. Answers FileUploadAnswer as JSON: `{ ok: true, value: { src, width, height },
 * previewUrl }`, or `{ ok: false, field: "file", message }` with 400 (not 2:1, too many pixels, a
 * broken file), 413 (over 40 MB) or 415 (not JPEG, PNG or WebP). The upload is checked from its
 * header and kept; its widths are made by a job (app/media/panorama.server.ts), answered as `job`.
 */

export const loader = ({ request }: Route.LoaderArgs) => uploadOnly(request);

export const action = ({ request }: Route.ActionArgs) =>
  uploadAction(request, "panorama", (bytes) =>
    processPanorama(bytes, { signal: request.signal, defer: true, siteId: requestSiteId(request) }),
  );
