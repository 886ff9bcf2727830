import { data } from "react-router";
import type { Route } from "./+types/content.search";
import { siteJsonSchema } from "~/content/schema";
import { adminHeaders, orNotFound } from "~/lib/admin-page";
import { consoleGroups } from "~/console/content-sections";
import { searchContent } from "~/console/content-search";
import type { FieldSchema } from "~/console/form-schema";
import { requireConsoleSite } from "~/console/console-site.server";
import { getDraft } from "~/console/content-store.server";

/*
 * 항목 찾기's results as one types (app/components/console/field-search.tsx): the fields of every
 * section of the complex's draft that `q` finds (app/console/content-search.ts), as JSON. Without the
 * script the section's page answers `?q=` itself.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const { siteId } = await requireConsoleSite(request, "content");
  const draft = orNotFound(await getDraft(siteId));
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const schema = siteJsonSchema() as FieldSchema;
  return data(
    { q, ...searchContent(schema, draft.content, consoleGroups(schema), siteId, q) },
    { headers: adminHeaders() },
  );
}
