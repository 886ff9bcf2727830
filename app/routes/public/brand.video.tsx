import { PageShell } from "~/components/layout/page-shell";
import { VideoPlayer } from "~/components/media/video-player";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function BrandVideo() {
  const site = useSite();
  const title = `${site.identity.name} 홍보영상`;
  return (
    <PageShell>
      <section className="media-section" aria-labelledby="brand-video-title">
        <h2 id="brand-video-title" className="media-section-title">
          {title}
        </h2>
        <div className="media-stage">
          <VideoPlayer
            src={site.brandVideo.src}
            file={site.brandVideo.file}
            poster={site.brandVideo.poster}
            title={title}
          />
        </div>
      </section>
    </PageShell>
  );
}
