/**
 * A PDF shown inside the page (the recruitment notice). The static page carries plain links to the
 * file; in the browser app/enhance/media.ts embeds the file above them, with a spinner
 * ("파일을 불러오는 중입니다") while it loads. The links stay, because some phones cannot show a
 * PDF inside a page.
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
