import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { InfoSection } from "~/components/info/info-blocks";
import { content } from "~/content";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function ComplexCommunity() {
  const community = content.infoPages.community;
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
        <p className="info-note">※ {community.note}</p>
      </InfoSection>
    </PageShell>
  );
}
