import type { Route } from "./+types/media.jobs";
import { requireArea } from "~/auth/guards.server";
import { jobsFor, type JobView } from "~/jobs/jobs.server";
import { NO_STORE } from "~/lib/cache";
import { requestSiteId } from "~/sites/request-site.server";

/*
 * GET /admin/media/jobs?src=<media key>&src=…: the state of the media jobs for these files
 * (app/jobs/jobs.server.ts), as JSON `{ jobs: { [src]: JobView } }`, for the console's file slots
 * that follow a job they started (app/components/console/file-field.tsx); a file without a job is
 * left out. An administrator of the complex's content only (404 to others); at most 20 files.
 */

export type MediaJobsAnswer = { jobs: Record<string, JobView> };

const MOST = 20;

export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, requestSiteId(request), "content");
  const wanted = new URL(request.url).searchParams
    .getAll("src")
    .filter((src) => /^media\/[a-z0-9._-]+$/.test(src))
    .slice(0, MOST);
  return Response.json({ jobs: await jobsFor(wanted) } satisfies MediaJobsAnswer, {
    headers: { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" },
  });
}
