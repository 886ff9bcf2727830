import { useEffect, useState } from "react";
import { useInBrowser } from "./use-in-browser";

/** How long the spinner may show before the page admits the file may not display inline. */
const SLOW_AFTER_MS = 10_000;

/**
 * A PDF shown inside the page (the recruitment notice). The static page carries plain links to the
 * file; in the browser the file is embedded and a spinner ("파일을 불러오는 중입니다") shows while
 * it loads. The links stay, because some phones cannot show a PDF inside a page.
 */
export function DocumentViewer({ url, title }: { url: string; title: string }) {
  const inBrowser = useInBrowser();
  const [loading, setLoading] = useState(true);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!inBrowser || !loading) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [inBrowser, loading]);

  return (
    <div className="doc-viewer">
      {inBrowser ? (
        <div className="doc-frame" aria-busy={loading}>
          <iframe className="doc-embed" src={url} title={title} onLoad={() => setLoading(false)} />
          {loading ? (
            <div className="doc-loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <p>파일을 불러오는 중입니다</p>
              {slow ? (
                <p className="doc-loading-slow">
                  화면에 보이지 않으면 아래 ‘새 창에서 보기’를 눌러 주세요.
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      <p className="doc-actions">
        <a href={url} target="_blank" rel="noopener noreferrer" className="btn btn-navy">
          {title} 새 창에서 보기 (PDF)
        </a>
        <a href={url} download className="btn btn-outline">
          내려받기
        </a>
      </p>
    </div>
  );
}
