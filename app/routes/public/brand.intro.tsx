import { Link } from "react-router";
import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { Picture } from "~/components/layout/picture";
import { InfoSection } from "~/components/info/info-blocks";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function BrandIntro() {
  const site = useSite();
  const story = site.infoPages.brandStory;
  const video = site.menu.flatMap((g) => g.items).find((i) => i.url === "/Brand/video");
  return (
    <PageShell>
      <section className="brand-philosophy" aria-labelledby="brand-philosophy-title">
        <div className="brand-philosophy-text reveal">
          <p className="info-eyebrow">{story.eyebrow}</p>
          <h2 id="brand-philosophy-title" className="info-title">
            {story.heading}
          </h2>
          {story.paragraphs.map((p) => (
            <p key={p} className="brand-paragraph">
              {p}
            </p>
          ))}
        </div>
        <Picture
          image={story.image}
          className="brand-philosophy-img"
          sizes="(max-width: 900px) 100vw, 600px"
        />
      </section>

      <InfoSection id="brand-pillars-title" title={story.pillarsHeading} className="brand-pillars">
        <ul className="pillar-list">
          {story.pillars.map((pillar, i) => (
            <li
              key={pillar.label}
              className="pillar reveal"
              style={{ animationDelay: `${150 + i * 100}ms` }}
            >
              <Picture image={pillar.image} sizes="(max-width: 900px) 100vw, 300px" />
              <div className="pillar-text">
                <p className="pillar-label">{pillar.label}</p>
                <h3>{pillar.title}</h3>
                <p>{pillar.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </InfoSection>

      <div className="info-coming">
        <ComingSoon>
          {story.comingSoon}
          {video ? (
            <>
              {" "}
              <Link to={video.url} className="coming-soon-link">
                {video.title} 보기
              </Link>
            </>
          ) : null}
        </ComingSoon>
      </div>
    </PageShell>
  );
}
