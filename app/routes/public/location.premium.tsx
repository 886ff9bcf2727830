import { Link, useLocation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { Picture } from "~/components/layout/picture";
import { InfoSection } from "~/components/info/info-blocks";
import type { Site } from "~/content";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

/** Where a link finally lands once the complex's alternative spellings (`redirects`) are followed. */
function finalPath(site: Site, path: string) {
  return site.redirects.find((r) => r.from === path)?.to ?? path;
}

export default function LocationPremium() {
  const { pathname } = useLocation();
  const site = useSite();
  const page = site.infoPages.premiumPage;
  return (
    <PageShell>
      <InfoSection id="premium-title" eyebrow="PREMIUM" title={page.heading} intro={page.intro}>
        <ol className="premium-rows">
          {site.premiumCards.map((card, i) => {
            const target = finalPath(site, card.link);
            return (
              <li key={card.title} className="premium-row">
                <div className="premium-row-media">
                  <Picture
                    image={card.image}
                    sizes="(max-width: 900px) calc(100vw - 32px), 644px"
                  />
                </div>
                <div
                  className="premium-row-text reveal"
                  style={{ animationDelay: `${100 + i * 80}ms` }}
                >
                  <p className="premium-row-no">
                    PREMIUM <span>{String(i + 1).padStart(2, "0")}</span>
                  </p>
                  <h3>{card.title}</h3>
                  <p className="premium-row-lead">{card.text1}</p>
                  <p>{card.text2}</p>
                  {target !== pathname ? (
                    <Link className="premium-row-link" to={target}>
                      {card.linkText}
                      <span aria-hidden="true">→</span>
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </InfoSection>
    </PageShell>
  );
}
