import { useLocation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { Picture } from "~/components/layout/picture";
import { InfoSection, Notices } from "~/components/info/info-blocks";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";
import type { Route } from "./+types/interior";
import { missingPage, requirePage } from "./page-guard.server";

/** /Interior/:unit: 404 for an interior the request's complex does not show. */
export function loader({ request }: Route.LoaderArgs) {
  const { site, page } = requirePage(request);
  if (!site.interiors.some((i) => i.path === page.path)) missingPage(site, new URL(request.url));
  return null;
}

export const meta = pageMeta;

export default function Interior() {
  const { pathname } = useLocation();
  const site = useSite();
  const interior = site.interiors.find((i) => i.path === pathname);
  if (!interior) throw new Error(`콘텐츠에 인테리어가 없습니다: ${pathname}`);
  const page = site.infoPages.interiorPage;
  return (
    <PageShell path={interior.path}>
      <InfoSection
        id="interior-gallery-title"
        eyebrow={`${interior.label} TYPE`}
        title={page.galleryHeading}
      >
        <ul className="interior-gallery">
          {interior.images.map((image) => (
            <li key={image.src}>
              <figure className="interior-figure">
                <Picture image={image} sizes="(max-width: 900px) 100vw, 1200px" />
                <figcaption>
                  <span className="interior-figure-type">{interior.label}</span>
                  {image.caption ?? image.alt}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </InfoSection>
      <Notices id="interior-notices-title" title={page.noticeHeading} items={page.notices} />
    </PageShell>
  );
}
