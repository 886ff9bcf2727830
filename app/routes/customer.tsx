import { data } from "react-router";
import type { Route } from "./+types/customer";
import { content } from "~/content";
import { PageShell } from "~/components/layout/page-shell";
import { seoTags, siteUrlFrom } from "~/lib/seo";
import { getPage } from "~/content/pages";
import { telHref } from "~/lib/phone";

const CUSTOMER_PATH = "/Promotion/Customer";

export function loader({ params }: Route.LoaderArgs) {
  if (params.site !== undefined && !content.press.sites.includes(params.site)) throw data(null, { status: 404 });
  return null;
}

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

export default function Customer() {
  return (
    <PageShell path={CUSTOMER_PATH}>
      <div className="customer-contact">
        <p className="customer-phone">
          <a href={telHref(content.contact.phone)}>{content.contact.phone}</a>
        </p>
        <p className="customer-hours">{content.contact.hours}</p>
        <p className="customer-notice">{content.legal.smsNotice}</p>
      </div>
    </PageShell>
  );
}
