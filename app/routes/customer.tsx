import { data, useLocation } from "react-router";
import type { Route } from "./+types/customer";
import { content } from "~/content";
import { PageShell } from "~/components/layout/page-shell";
import { LeadForm, type LeadActionData } from "~/components/forms/lead-form";
import { seoTags, siteUrlFrom } from "~/lib/seo";
import { getPage } from "~/content/pages";
import { telHref } from "~/lib/phone";
import { leadAction, leadHeaders } from "./lead-action.server";

const CUSTOMER_PATH = "/Promotion/Customer";

export function loader({ params }: Route.LoaderArgs) {
  if (params.site !== undefined && !content.press.sites.includes(params.site))
    throw data(null, { status: 404 });
  return null;
}

export function action(args: Route.ActionArgs) {
  const { site } = args.params;
  if (site !== undefined && !content.press.sites.includes(site)) throw data(null, { status: 404 });
  return leadAction(args, { kind: "inquiry", variant: "inquiry" });
}

export const headers = leadHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const page = getPage(CUSTOMER_PATH);
  return seoTags({
    siteUrl: siteUrlFrom(matches),
    path: location.pathname,
    canonicalPath: CUSTOMER_PATH,
    title: page.title,
    description: page.description,
    breadcrumb: [
      { title: "홈", url: "/" },
      { title: page.title, url: CUSTOMER_PATH },
    ],
  });
};

export default function Customer({ actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <PageShell path={CUSTOMER_PATH}>
      <div className="customer-layout">
        <section className="customer-contact" aria-labelledby="customer-contact-heading">
          <h2 id="customer-contact-heading" className="customer-heading">
            분양 상담 대표번호
          </h2>
          <p className="customer-phone">
            <a href={telHref(content.contact.phone)}>
              <span className="sr-only">전화 걸기 </span>
              {content.contact.phone}
            </a>
          </p>
          <p className="customer-hours">{content.contact.hours}</p>
          <p className="customer-notice">{content.legal.smsNotice}</p>
        </section>
        <section className="customer-inquiry" aria-labelledby="customer-inquiry-heading">
          <h2 id="customer-inquiry-heading" className="customer-heading">
            상담 문의 남기기
          </h2>
          <p className="customer-lead">
            성함과 연락처를 남겨 주시면 전문 상담사가 빠르게 연락드립니다.
          </p>
          <LeadForm
            variant="inquiry"
            kind="inquiry"
            action={pathname}
            source={pathname}
            serverResult={actionData as LeadActionData | undefined}
          />
        </section>
      </div>
    </PageShell>
  );
}
