import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { Tabs } from "~/components/media/tabs";
import { VideoPlayer } from "~/components/media/video-player";
import { content } from "~/content";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

const tabs = content.videoTabs;
/** Spec: the selected video tab starts at id 1. */
const DEFAULT_TAB = tabs.some((t) => t.id === 1) ? 1 : tabs[0]!.id;

function tabFromSearch(search: string): number | undefined {
  const id = Number(new URLSearchParams(search).get("tab"));
  return tabs.some((t) => t.id === id) ? id : undefined;
}

export default function FloorPlanVideos() {
  const { pathname } = useLocation();
  const [selected, setSelected] = useState(DEFAULT_TAB);

  // The page is prerendered without a query; a shared link such as ?tab=2 is applied once hydrated.
  useEffect(() => {
    const fromUrl = tabFromSearch(window.location.search);
    if (fromUrl) setSelected(fromUrl);
  }, []);

  function select(id: number) {
    setSelected(id);
    const url = new URL(window.location.href);
    if (id === DEFAULT_TAB) url.searchParams.delete("tab");
    else url.searchParams.set("tab", String(id));
    // Keeps React Router's history state; only the address changes, so the tab can be shared.
    window.history.replaceState(window.history.state, "", url);
  }

  const tab = tabs.find((t) => t.id === selected) ?? tabs[0]!;
  return (
    <PageShell>
      <section className="media-section" aria-labelledby="videos-title">
        <h2 id="videos-title" className="media-section-title">
          영상으로 미리 보는 {content.project.complexName}
        </h2>
        <p className="media-section-intro">
          보고 싶은 영상을 골라 주세요. 선택한 영상이 바로 재생됩니다.
        </p>
        <Tabs
          id="video"
          label="안내 영상 선택"
          tabs={tabs.map((t) => ({ key: t.id, label: t.title }))}
          selected={tab.id}
          onSelect={select}
          className="media-tabs"
        >
          <h3 className="media-panel-title">{tab.title}</h3>
          <div className="media-stage">
            <VideoPlayer key={tab.id} src={tab.src} poster={tab.poster} title={tab.title} />
          </div>
        </Tabs>
      </section>
      <nav className="media-links" aria-labelledby="video-menu-title">
        <h2 id="video-menu-title" className="media-links-title">
          함께 보면 좋은 안내
        </h2>
        <ul>
          {content.videoMenu.map((item) => (
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
