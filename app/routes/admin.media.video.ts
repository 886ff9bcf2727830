import { data } from "react-router";
import type { Route } from "./+types/admin.media.video";
import { requireArea } from "~/auth/guards.server";
import { requestSiteId } from "~/sites/request-site.server";

/* POST /admin/media/video (app/lib/file-upload.ts): not built yet. */

export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, requestSiteId(request), "content");
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireArea(request, requestSiteId(request), "content");
  throw data(null, { status: 501 });
}
