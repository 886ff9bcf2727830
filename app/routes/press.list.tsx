import { data } from "react-router";
import type { Route } from "./+types/press.list";
import { content } from "~/content";
import { ComingSoon, PageBanner } from "~/components/layout/page-shell";
import { seoTags, siteUrlFrom } from "~/lib/seo";
import { pressPage } from "~/lib/press-pages";

export function loader({ params }: Route.LoaderArgs) {
  if (!content.press.sites.includes(params.site)) throw data(null, { status: 404 });
  return { site: params.site };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const page = pressPage(loaderData.site);
  return seoTags({
    siteUrl: siteUrlFrom(matches),
    path: page.path,
    title: page.title,
    description: page.description,
  });
};

export default function PressList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner page={pressPage(loaderData.site)} />
      <div className="page-body">
        <ComingSoon>보도자료를 준비하고 있습니다.</ComingSoon>
      </div>
    </>
  );
}
