import { PageShell } from "~/components/layout/page-shell";
import { Tabs } from "~/components/media/tabs";
import { VrViewer } from "~/components/media/vr-viewer";
import type { VrTab } from "~/content";
import { eModelTabs, initialTabKey } from "~/lib/media";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

function TourPanel({ tab }: { tab: VrTab }) {
  const title = `${tab.title} 타입 VR 모델하우스`;
  const unit = useSite().unitTypes.find((u) => u.key === tab.key);
  return (
    <>
      <h3 className="media-panel-title">{title}</h3>
      <div className="media-stage">
        <VrViewer
          src={tab.src}
          tour={tab.tour}
          thumbnail={tab.thumbnail ?? unit?.plan}
          title={title}
          fallback={unit ? { to: unit.path, label: `${unit.label} 타입 평면도 보기` } : undefined}
        />
      </div>
    </>
  );
}

export default function EModel() {
  const site = useSite();
  const tabs = eModelTabs(site.vr.tabs);
  return (
    <PageShell>
      <section className="media-section" aria-labelledby="emodel-title">
        <h2 id="emodel-title" className="media-section-title">
          VR로 둘러보는 E-모델하우스
        </h2>
        <p className="media-section-intro">
          주택형을 고른 뒤 화면을 클릭하시면 VR을 보실 수 있습니다. 견본주택에 가지 않아도 집 안
          구석구석을 살펴보세요.
        </p>
        <Tabs
          id="emodel"
          label="주택형 선택"
          tabs={tabs.map((t) => ({ key: t.key, label: t.title, panel: <TourPanel tab={t} /> }))}
          selected={initialTabKey(tabs, site.vr.defaultKey)!}
          className="media-tabs"
        />
      </section>
    </PageShell>
  );
}
