import { Link, useLocation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { Tabs } from "~/components/media/tabs";
import { VideoPlayer } from "~/components/media/video-player";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function FloorPlanVideos() {
  const { pathname } = useLocation();
  const site = useSite();
  const tabs = site.videoTabs;
  /** Spec: the selected video tab starts at id 1. */
  const selected = tabs.some((t) => t.id === 1) ? 1 : tabs[0]!.id;
  return (
    <PageShell>
      <section className="media-section" aria-labelledby="videos-title">
        <h2 id="videos-title" className="media-section-title">
          영상으로 미리 보는 {site.identity.name}
        </h2>
        <p className="media-section-intro">
          보고 싶은 영상을 골라 주세요. 선택한 영상이 바로 재생됩니다.
        </p>
        {/* A shared link such as ?tab=2 is applied in the browser (the page is prerendered). */}
        <Tabs
          id="video"
          label="안내 영상 선택"
          tabs={tabs.map((t) => ({
            key: t.id,
            label: t.title,
            panel: (
              <>
                <h3 className="media-panel-title">{t.title}</h3>
                <div className="media-stage">
                  <VideoPlayer src={t.src} file={t.file} poster={t.poster} title={t.title} />
                </div>
              </>
            ),
          }))}
          selected={selected}
          urlParam="tab"
          className="media-tabs"
        />
      </section>
      <nav className="media-links" aria-labelledby="video-menu-title">
        <h2 id="video-menu-title" className="media-links-title">
          함께 보면 좋은 안내
        </h2>
        <ul>
          {site.videoMenu.map((item) => (
            <li key={item.url}>
              <Link to={item.url} aria-current={item.url === pathname ? "page" : undefined}>
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageShell>
  );
}
