import type { NoticeDocument } from "~/content/schema";
import { fileUrl, PAGE_WIDTHS, pageUrl } from "~/lib/media-files";

/**
 * The recruitment notice on its page.
 *
 * A notice kept here (`document`: uploaded, or the build's sample) shows its pages as pictures
 * drawn after upload by a job (app/media/pdf.server.ts), one under another, each as large as the column: no
 * PDF plug-in, readable on a phone. Each picture links to the same page at 1600 px, which
 * app/enhance/media.ts opens in the zoom viewer (a tap or Enter), or the browser shows by itself
 * without JavaScript. While the first page comes, the enhancement shows "파일을 불러오는 중입니다";
 * if it does not come, a message and the download link. Download and "새 창에서 보기" are plain
 * links above the pages.
 *
 * An outside PDF (`url`, the old `pdfUrl`) is embedded in the browser above its links, as before.
 */
export function DocumentViewer({ url, title }: { url: string; title: string }) {
  return (
    <div className="doc-viewer" data-media="document" data-src={url} data-title={title}>
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

/** A file's size as a person reads it: "850KB", "1.2MB". */
function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))}KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

export function DocumentPages({ document, title }: { document: NoticeDocument; title: string }) {
  const pdf = fileUrl(document.src);
  const [small, large] = PAGE_WIDTHS;
  const count = document.pages.length;
  return (
    <div className="doc-pages" data-media="pages">
      <p className="doc-actions">
        <a href={pdf} download className="btn btn-navy doc-download">
          PDF 내려받기 ({fileSize(document.bytes)})
        </a>
        <a href={pdf} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
          새 창에서 보기
        </a>
      </p>
      <p className="doc-pages-hint">총 {count}쪽입니다. 쪽을 누르면 크게 볼 수 있습니다.</p>
      <ol className="doc-page-list">
        {document.pages.map((page, i) => {
          const n = i + 1;
          const alt = `${title} ${n}쪽`;
          return (
            <li key={n} className="doc-page">
              <a
                href={pageUrl(document, n, large)}
                className="doc-page-link"
                data-media="drawing"
                data-width={large}
                data-height={Math.round((page.height * large) / page.width)}
                data-alt={alt}
                aria-label={`${alt} 크게 보기`}
              >
                <img
                  src={pageUrl(document, n, small)}
                  width={page.width}
                  height={page.height}
                  alt={alt}
                  loading={n === 1 ? undefined : "lazy"}
                  // Below the banner, the page's largest picture: it waits for it.
                  fetchPriority="low"
                  decoding="async"
                />
              </a>
              <p className="doc-page-number" aria-hidden="true">
                {n} / {count}쪽
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
