/*
 * The media work done as jobs (app/jobs/jobs.server.ts), by kind: a notice's pages
 * (pdf.server.ts), a panorama's widths (panorama.server.ts), a large picture's variants
 * (upload.server.ts). The server starts one runner with these (app/entry.server.tsx startServices).
 */
import { createJobRunner, type JobHandler, type JobKind } from "~/jobs/jobs.server";
import { makePanoramaWidths } from "./panorama.server";
import { drawNoticePages } from "./pdf.server";
import { makePictureVariants } from "./upload.server";

type MediaJobKind = Exclude<JobKind, "meta-lead">;

const MEDIA_JOB_HANDLERS: Record<MediaJobKind, JobHandler> = {
  "notice-pages": (job, context) => drawNoticePages(job, context),
  panorama: (job, context) => makePanoramaWidths(job, context),
  picture: (job, context) => makePictureVariants(job, context),
};

/** This instance's runner of the media jobs (one loop). */
export const createMediaJobRunner = () =>
  createJobRunner({
    handlers: MEDIA_JOB_HANDLERS,
    kinds: Object.keys(MEDIA_JOB_HANDLERS) as MediaJobKind[],
  });
