import { PageShell } from "~/components/layout/page-shell";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function Register() {
  return <PageShell path="/Promotion/Customer">{null}</PageShell>;
}
