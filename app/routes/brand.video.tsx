import { PageShell } from "~/components/layout/page-shell";
import { VideoPlayer } from "~/components/media/video-player";
import { content } from "~/content";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function BrandVideo() {
  const title = `${content.project.complexName} 홍보영상`;
  return (
    <PageShell>
      <section className="media-section" aria-labelledby="brand-video-title">
        <h2 id="brand-video-title" className="media-section-title">
          {title}
        </h2>
        <div className="media-stage">
          <VideoPlayer
            src={content.brandVideo.src}
            poster={content.brandVideo.poster}
            title={title}
          />
        </div>
      </section>
    </PageShell>
  );
}
