import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { InfoSection } from "~/components/info/info-blocks";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function ComplexCommunity() {
  const site = useSite();
  const community = site.infoPages.community;
  return (
    <PageShell>
      <div className="info-coming">
        <ComingSoon>{community.comingSoon}</ComingSoon>
      </div>
      <InfoSection
        id="community-title"
        title={community.heading}
        intro={community.intro}
        className="community"
      >
        {community.facilities.length > 0 && (
          <ul className="facility-list">
            {community.facilities.map((f, i) => (
              <li
                key={f.name}
                className="facility reveal"
                style={{ animationDelay: `${100 + i * 80}ms` }}
              >
                <p className="facility-label">{f.label}</p>
                <h3>{f.name}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        )}
        <p className="info-note">※ {community.note}</p>
      </InfoSection>
    </PageShell>
  );
}
