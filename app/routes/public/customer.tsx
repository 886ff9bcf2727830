import { data, useLocation } from "react-router";
import type { Route } from "./+types/customer";
import { PageShell } from "~/components/layout/page-shell";
import { LeadForm, type LeadActionData } from "~/components/forms/lead-form";
import { seoTags } from "~/lib/seo";
import { findPage, getPage } from "~/content/pages";
import { phoneLink } from "~/lib/source-phone";
import { rootDataFrom, useSite } from "~/lib/site";
import { leadAction, leadHeaders } from "./lead-action.server";
import { requirePage, requirePressSite } from "./page-guard.server";

const CUSTOMER_PATH = "/Promotion/Customer";

/**
 * /Promotion/Customer when the complex has it, and /{site}/customer for each of its press sites
 * (the same page, under its canonical address); 404 otherwise.
 */
function requireCustomerPage({ request, params }: Route.LoaderArgs | Route.ActionArgs) {
  if (params.site === undefined) return void requirePage(request);
  const site = requirePressSite(request, params.site);
  if (!findPage(site, CUSTOMER_PATH)) throw data(null, { status: 404 });
}

export function loader(args: Route.LoaderArgs) {
  requireCustomerPage(args);
  return null;
}

export function action(args: Route.ActionArgs) {
  requireCustomerPage(args);
  return leadAction(args, { kind: "inquiry", variant: "inquiry" });
}

export const headers = leadHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { site, siteUrl } = rootDataFrom(matches);
  const page = getPage(site, CUSTOMER_PATH);
  return seoTags({
    site,
    siteUrl,
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
  const { contact, identity, legal } = useSite();
  return (
    <PageShell path={CUSTOMER_PATH}>
      <div className="customer-layout">
        <section className="customer-contact" aria-labelledby="customer-contact-heading">
          <h2 id="customer-contact-heading" className="customer-heading">
            분양 상담 대표번호
          </h2>
          <p className="customer-phone">
            <a {...phoneLink(identity.phone)}>
              <span className="sr-only">전화 걸기 </span>
              {identity.phone}
            </a>
          </p>
          <p className="customer-hours">{contact.hours}</p>
          <p className="customer-notice">{legal.smsNotice}</p>
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
