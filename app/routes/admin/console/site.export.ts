import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/site.export";
import { requireArea } from "~/auth/guards.server";
import { NO_STORE } from "~/lib/cache";
import { SITE_ID } from "~/lib/sites";
import { getDraft, versionContent } from "~/console/content-store.server";
import { exportZip } from "~/console/portable.server";

/*
 * GET /admin/sites/:siteId/export[?version=N]: the complex's draft (or published version N) as
 * `<id>.zip` (`<id>/site.yaml` + `<id>/images/…`), streamed (app/console/portable.server.ts). For
 * an administrator who edits the complex; anyone else gets the 404 of a missing page.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const siteId = params.siteId;
  await requireArea(request, siteId, "content");
  const wanted = new URL(request.url).searchParams.get("version");
  const version = wanted ? Number(wanted) : null;
  const content = !SITE_ID.test(siteId)
    ? undefined
    : version
      ? await versionContent(siteId, version)
      : (await getDraft(siteId))?.content;
  if (!content) throw data(null, { status: 404, headers: { "Cache-Control": NO_STORE } });
  const name = version ? `${siteId}-v${version}.zip` : `${siteId}.zip`;
  return new Response(Readable.toWeb(exportZip(siteId, content)) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex",
    },
  });
}
