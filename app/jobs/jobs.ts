/*
 * A media job as the console shows it (app/jobs/jobs.server.ts does the work): its state, how far
 * it got, and the words on the file's field. Shared by the server and the console's file slots.
 */

/** Media work (app/media/media-jobs.server.ts), and a Meta lead read from the Graph API (app/leads/meta-leads.server.ts). */
export type JobKind = "notice-pages" | "panorama" | "picture" | "meta-lead";
export type JobStatus = "pending" | "running" | "done" | "failed";

/** What the console shows of a job: its state, how far it got, why it failed. */
export type JobView = {
  kind: JobKind;
  subject: string;
  status: JobStatus;
  done: number;
  total: number;
  /** The Korean reason of a failed job. */
  error: string | null;
};

/** How often a field following a job asks for its state (GET /admin/media/jobs). */
export const JOB_POLL_MS = 1000;

/** The address that answers the jobs of these files. */
export const jobsUrl = (subjects: readonly string[]) =>
  `/admin/media/jobs?${subjects.map((s) => `src=${encodeURIComponent(s)}`).join("&")}`;

/**
 * The words on the field while the job is not done: "3 / 40쪽 그리는 중" for a notice's pages,
 * "변환 중" for a panorama's widths or a picture's variants; a failed job's Korean reason; null
 * once done.
 */
export function jobText(job: JobView): string | null {
  if (job.status === "done") return null;
  if (job.status === "failed") return job.error ?? "변환하지 못했습니다. 파일을 다시 올려 주세요.";
  if (job.kind === "notice-pages")
    return job.status === "pending" && job.done === 0
      ? `0 / ${job.total}쪽 그리기를 기다리는 중`
      : `${job.done} / ${job.total}쪽 그리는 중`;
  return "변환 중";
}
