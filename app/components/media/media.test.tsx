import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { loadSite } from "~/sites/registry.server";
import { StampTaxCalculator } from "~/components/sales/stamp-tax-calculator";
import { DocumentViewer } from "./document-viewer";
import { Tabs } from "./tabs";
import { VideoPlayer } from "./video-player";
import { VrViewer } from "./vr-viewer";
import { ZoomableDrawing } from "./zoomable-drawing";

/*
 * What the prerendered HTML holds (the server render): players from other sites are never in it,
 * so a page without JavaScript or without internet still shows its poster, notice or links.
 * The Anyang data has no published sources, so the browser tests cannot reach these cases.
 */

const poster = loadSite("sites/anyang").brandVideo.poster;

describe("video player in the static HTML", () => {
  test("a YouTube film: the poster and a play link to YouTube, nothing of YouTube loaded", () => {
    const html = renderToString(
      <VideoPlayer src="https://youtu.be/dQw4w9WgXcQ" poster={poster} title="홍보영상" />,
    );
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("ytimg");
    expect(html).toContain(`alt="${poster.alt}"`);
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('aria-label="홍보영상 재생"');
    // The player the script creates on click: youtube-nocookie.
    expect(html).toContain(
      'data-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;playsinline=1&amp;rel=0',
    );
  });

  test("a film kept here: the browser's player, nothing preloaded, Korean captions", () => {
    const html = renderToString(
      <VideoPlayer
        src=""
        file={{
          src: "media/0123456789abcdef.mp4",
          width: 854,
          height: 480,
          captions: "media/0123456789abcdef.vtt",
        }}
        poster={poster}
        title="홍보영상"
      />,
    );
    expect(html).toMatch(/<video[^>]* controls=""[^>]* preload="none"[^>]* playsInline=""/i);
    expect(html).toContain('<source src="/media/c/0123456789abcdef.mp4" type="video/mp4"/>');
    expect(html).toContain(
      '<track kind="captions" srcLang="ko" label="한국어" default="" src="/media/c/0123456789abcdef.vtt"/>',
    );
  });

  test("without a source: the poster with the coming-soon notice", () => {
    const html = renderToString(<VideoPlayer src="" poster={poster} title="홍보영상" />);
    expect(html).not.toContain("<iframe");
    expect(html).toContain("영상 준비중입니다");
  });
});

describe("VR viewer in the static HTML", () => {
  test("with a source: the click-to-view spot is a link to the tour, no iframe", () => {
    const html = renderToString(
      <VrViewer src="https://vr.example.com/tour/59a" title="47A 타입 VR 모델하우스" />,
    );
    expect(html).not.toContain("<iframe");
    expect(html).toContain('href="https://vr.example.com/tour/59a"');
    expect(html).toContain("화면을 클릭하시면 VR을 보실 수 있습니다");
  });

  test("without a source: the notice and the link to the floor plan", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <VrViewer
            src=""
            title="47A 타입 VR 모델하우스"
            fallback={{ to: "/FloorPlan/59A", label: "47A 타입 평면도 보기" }}
          />
        ),
      },
    ]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain("VR 모델하우스 준비중입니다");
    expect(html).toContain('href="/FloorPlan/59A"');
    expect(html).not.toContain("<iframe");
  });
});

describe("document viewer in the static HTML", () => {
  test("offers the PDF as links and is not stuck on the loading spinner", () => {
    const html = renderToString(<DocumentViewer url="/files/notice.pdf" title="입주자 모집공고" />);
    expect(html).not.toContain("파일을 불러오는 중입니다");
    expect(html).not.toContain("<iframe");
    expect(html).toContain('href="/files/notice.pdf"');
    expect(html).toContain("새 창에서 보기");
  });
});

describe("tabs in the static HTML", () => {
  const html = renderToString(
    <Tabs
      id="t"
      label="선택"
      selected={2}
      urlParam="tab"
      tabs={[
        { key: 1, label: "첫째", panel: <p>첫째 내용</p> },
        { key: 2, label: "둘째", panel: <p>둘째 내용</p> },
      ]}
    />,
  );

  test("the selected tab is marked and its panel shown; the other panels wait hidden", () => {
    expect(html).toMatch(/id="t-tab-2"[^>]*aria-selected="true"[^>]*tabindex="0"/);
    expect(html).toMatch(/id="t-tab-1"[^>]*aria-selected="false"[^>]*tabindex="-1"/);
    expect(html).toMatch(/<div role="tabpanel" id="t-panel-1"[^>]*hidden=""[^>]*><p>첫째 내용/);
    expect(html).toMatch(/<div role="tabpanel" id="t-panel-2"[^>]*tabindex="0"><p>둘째 내용/);
  });

  test("tells the script the address parameter and the default tab", () => {
    expect(html).toContain('data-media="tabs" data-tabs-param="tab" data-tabs-default="2"');
  });

  test("ids come from the tabs' places, so a key with a space (content text) still links tab and panel", () => {
    const spaced = renderToString(
      <Tabs
        id="vr"
        label="선택"
        selected="59 A"
        tabs={[
          { key: "59 A", label: "59A", panel: <p>가</p> },
          { key: "84 B", label: "84B", panel: <p>나</p> },
        ]}
      />,
    );
    expect(spaced).toMatch(/id="vr-tab-2"[^>]*aria-controls="vr-panel-2"[^>]*data-tab="84 B"/);
    expect(spaced).toMatch(/role="tabpanel" id="vr-panel-2" aria-labelledby="vr-tab-2"/);
    expect([...spaced.matchAll(/ id="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "vr-tab-1",
      "vr-tab-2",
      "vr-panel-1",
      "vr-panel-2",
    ]);
  });
});

describe("zoomable drawing in the static HTML", () => {
  test("is a link to the SVG file that carries the drawing's size for the viewer", () => {
    const image = { src: "floorplans/84a.svg", width: 960, height: 720, alt: "84A 타입 평면도" };
    const html = renderToString(<ZoomableDrawing image={image}>그림</ZoomableDrawing>);
    expect(html).toContain('href="/img/floorplans/84a.svg"');
    expect(html).toContain(
      'data-media="drawing" data-width="960" data-height="720" data-alt="84A 타입 평면도"',
    );
  });
});

describe("stamp tax calculator in the static HTML", () => {
  const html = renderToString(<StampTaxCalculator buyerSharePercent={50} />);

  test("a GET form with the hint; the result waits in a template and no error shows", () => {
    expect(html).toMatch(/<form [^>]*method="get"/);
    expect(html).toContain('name="price"');
    expect(html).toContain("아래 금액표에서");
    expect(html).toMatch(/<template><dl class="stamp-figures">/);
    expect(html).toMatch(/<p id="[^"]+-error" class="stamp-error" role="alert" hidden="">/);
  });
});
