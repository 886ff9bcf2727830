import type { Notice } from "~/content/schema";
import { NOTICE_STORAGE, noticeKey } from "~/lib/notice";
import { useCspNonce } from "~/lib/site";

/**
 * The administrator's notice (운영 정보) on every public page within its period: a bar that leaves
 * the page usable (no focus trap, nothing hidden behind it on a phone). Its close button appears
 * with the page's script (app/enhance/chrome/notice.ts); a dismissed notice stays hidden for the
 * visit, hidden before the first paint by the small script after it.
 */
export function NoticeBar({ notice }: { notice: Notice }) {
  const key = noticeKey(notice);
  // Prerendered pages allow the script by its hash; the press pages, rendered per request, by nonce.
  const nonce = useCspNonce();
  // Before paint: a notice dismissed earlier in this visit is not shown again.
  const hideIfDismissed = `try{if(sessionStorage.getItem(${JSON.stringify(NOTICE_STORAGE)})===${JSON.stringify(key)})document.getElementById("site-notice").hidden=true}catch(e){}`;
  return (
    <>
      <aside id="site-notice" className="notice-bar" aria-label="공지" data-notice={key}>
        <div className="notice-bar-inner">
          <p className="notice-bar-body">
            <strong className="notice-bar-title">{notice.title}</strong>{" "}
            <span className="notice-bar-text">{notice.text}</span>
          </p>
          {notice.link ? (
            <a className="notice-bar-link" href={notice.link}>
              자세히 보기
            </a>
          ) : null}
          <button type="button" className="notice-bar-close" data-notice-close hidden>
            <span aria-hidden="true">×</span>
            <span className="sr-only">공지 닫기</span>
          </button>
        </div>
      </aside>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideIfDismissed }} />
    </>
  );
}
