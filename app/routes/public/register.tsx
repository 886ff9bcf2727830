import type { Route } from "./+types/register";
import { PageShell } from "~/components/layout/page-shell";
import { LeadForm, type LeadActionData } from "~/components/forms/lead-form";
import { REGISTER_PATH } from "~/components/registration/registration-context";
import { phoneLink } from "~/lib/source-phone";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";
import { leadAction, leadHeaders } from "./lead-action.server";

/*
 * The registration popup as a page: where its triggers lead without JavaScript. The form posts
 * here (the popup's form too); the page rendered for the POST shows the result.
 */

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;
export const headers = leadHeaders;

export function action(args: Route.ActionArgs) {
  return leadAction(args, { kind: "visit", variant: "popup" });
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { contact, identity } = useSite();
  return (
    <PageShell path={REGISTER_PATH}>
      <section className="register-page" aria-labelledby="register-heading">
        <h2 id="register-heading" className="register-title">
          등록 정보 입력
        </h2>
        <p className="register-intro">
          이름과 연락처를 남겨 주시면 전문 상담사가 곧 연락드립니다. 전화 상담은{" "}
          <a {...phoneLink(identity.phone)}>{identity.phone}</a>{" "}
          <span className="nowrap">({contact.hours})</span>
        </p>
        <LeadForm
          variant="popup"
          kind="visit"
          action={REGISTER_PATH}
          source={REGISTER_PATH}
          serverResult={actionData as LeadActionData | undefined}
          showSmsNotice
          collapseTerms={false}
        />
      </section>
    </PageShell>
  );
}
