import { useLocation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { Picture } from "~/components/layout/picture";
import { InfoSection, Notices } from "~/components/info/info-blocks";
import { content } from "~/content";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function Interior() {
  const { pathname } = useLocation();
  const interior = content.interiors.find((i) => i.path === pathname) ?? content.interiors[0]!;
  const page = content.infoPages.interiorPage;
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
