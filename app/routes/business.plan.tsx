import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function Page() {
  return (
    <PageShell>
      <ComingSoon />
    </PageShell>
  );
}
