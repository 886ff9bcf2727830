import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { content } from "~/content";
import { DocumentViewer } from "./document-viewer";
import { VideoPlayer } from "./video-player";
import { VrViewer } from "./vr-viewer";

/*
 * What the prerendered HTML holds (the server render): players from other sites are never in it,
 * so a page without JavaScript or without internet still shows its poster, notice or links.
 * The sample content has no published sources, so the browser tests cannot reach these cases.
 */

const poster = content.brandVideo.poster;

describe("video player in the static HTML", () => {
  test("with a source: the poster and a link to the film, no iframe", () => {
    const html = renderToString(
      <VideoPlayer src="https://www.youtube.com/embed/abc" poster={poster} title="홍보영상" />,
    );
    expect(html).not.toContain("<iframe");
    expect(html).toContain(`alt="${poster.alt}"`);
    expect(html).toContain('href="https://www.youtube.com/embed/abc"');
    expect(html).toContain("새 창에서 영상 보기");
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
