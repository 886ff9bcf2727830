import { useEffect, useState } from "react";
import { JOB_POLL_MS, jobsUrl, type JobView } from "~/jobs/jobs";
import { useConsoleForm } from "./form-context";

/*
 * The media job of the file a slot holds (a notice's pages being drawn, a panorama's widths, a
 * large picture's variants): as the server found it when the page was made (the form's `jobs`),
 * or as an upload here answered it; with the script, asked again every JOB_POLL_MS
 * (GET /admin/media/jobs) until it is done or failed. Without the script a reload shows where it is.
 */

const working = (job: JobView | null) => job?.status === "pending" || job?.status === "running";

/**
 * The job of `src`, and `follow(src, job)` for a job an upload just started. `onDone`: once a job
 * followed here is done.
 */
export function useJob(src: string | undefined, onDone?: (job: JobView) => void) {
  const form = useConsoleForm();
  const [followed, setFollowed] = useState<{ src: string; job: JobView | null } | null>(null);
  const job = !src ? null : followed?.src === src ? followed.job : (form.jobs[src] ?? null);

  const busy = working(job);
  useEffect(() => {
    if (!form.hydrated || !src || !busy) return;
    let stopped = false;
    const timer = setTimeout(() => {
      fetch(jobsUrl([src]), { headers: { Accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<{ jobs: Record<string, JobView> }>) : null))
        .then((answer) => {
          if (stopped || !answer) return;
          const next = answer.jobs[src] ?? null;
          setFollowed({ src, job: next });
          if (next?.status === "done") onDone?.(next);
        })
        // Asked again at the next turn (the effect runs again only when the state changed).
        .catch(() => !stopped && setFollowed({ src, job: job && { ...job } }));
    }, JOB_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Each answer (a new `followed`) asks again a turn later, while the job works.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.hydrated, src, busy, followed]);

  return {
    job,
    follow: (src: string, job: JobView | null | undefined) =>
      setFollowed({ src, job: job ?? null }),
  };
}
