import { redirect } from "react-router";
import type { Route } from "./+types/content.index";
import { FIRST_GROUP } from "~/console/content-sections";
import { adminHeaders } from "~/lib/admin-page";
import { requireConsoleSite } from "~/console/console-site.server";

/*
 * /admin/content: the editor's first section (기본 정보), with the same query (`?site=`, `?q=`).
 * The editor is in sections, one page each (/admin/content/<group>).
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireConsoleSite(request, "content");
  const { search } = new URL(request.url);
  throw redirect(`/admin/content/${FIRST_GROUP}${search}`, { headers: adminHeaders() });
}
