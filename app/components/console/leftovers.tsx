import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { LeftoverList } from "~/console/leftovers";
import type { LeftoversAnswer } from "~/console/content-answer";
import { FieldLink } from "./field-link";

/*
 * 원본 단지 내용 (N곳) in the content editor (issue 39, items 3 and 4): in a complex copied from
 * another, every field still holding the source's name, brand, address, companies, business facts,
 * phone or hosts, each a link to its field, the way the problems above the form are. 게시 refuses
 * them until fixed or marked 그대로 두기 here (a tick per field, then one button); a kept field can
 * be asked about again. Shown on every section's page, a row of another section a link to its
 * page. Posted to the content page's action (`$leftovers`), by a fetcher with the
 * script (the form and what was typed in it stay), as a plain form without it.
 */

export function LeftoversPanel({
  list,
  action,
  message: initialMessage = "",
  at,
}: {
  /** As the page (or the last save) has it. */
  list: LeftoverList;
  action: string;
  /** The answer of this form posted without the script: shown open, with it. */
  message?: string;
  /** The complex and the section of the page: a row of another section links to its page. */
  at: { siteId: string; group: string };
}) {
  const fetcher = useFetcher<LeftoversAnswer>();
  const [shown, setShown] = useState(list);
  const [message, setMessage] = useState(initialMessage);
  const [open, setOpen] = useState(Boolean(initialMessage));
  useEffect(() => setShown(list), [list]);
  // The publish page's link (`#leftovers`) opens it.
  useEffect(() => {
    if (window.location.hash === "#leftovers") setOpen(true);
  }, []);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.kind !== "leftovers") return;
    if (fetcher.data.leftovers) setShown(fetcher.data.leftovers);
    setMessage(fetcher.data.message);
    setOpen(true);
  }, [fetcher.state, fetcher.data]);
  const count = shown.open.length;
  if (!count && !shown.kept.length) return null;
  return (
    <details
      className={`cf-summary cf-leftovers${count ? "" : " is-done"}`}
      id="leftovers"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      // A tick here is no edit of the draft: the content form's autosave does not hear it.
      onChange={(event) => event.stopPropagation()}
      onInput={(event) => event.stopPropagation()}
    >
      <summary className="cf-summary-title">
        원본 단지 내용 ({count}곳){shown.kept.length ? ` · 그대로 두기 ${shown.kept.length}곳` : ""}
      </summary>
      <fetcher.Form method="post" action={action} className="cf-leftovers-form">
        <p>
          ‘{shown.sourceName}’에서 복사한 단지입니다.{" "}
          {count
            ? "아래 항목에 원본 단지의 이름·주소·회사·전화 등이 남아 있어 게시할 수 없습니다. 고치거나, 이 단지에도 맞는 내용이면 ‘그대로 두기’에 표시한 뒤 아래 버튼을 눌러 주세요."
            : "원본 단지의 내용은 모두 고쳤거나 그대로 두기로 했습니다."}
        </p>
        <p className="cf-announce" role="status" aria-live="polite">
          {message}
        </p>
        {count ? (
          <>
            <ul className="cf-leftover-list">
              {shown.open.map((row) => (
                <li key={row.path}>
                  <FieldLink id={row.id} {...at}>
                    <span className="cf-summary-label">{row.label}</span>: {row.found}
                  </FieldLink>
                  <label className="cf-leftover-keep">
                    <input type="checkbox" name="keep" value={row.path} />
                    <span>
                      그대로 두기<span className="sr-only"> ({row.label})</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <button
              type="submit"
              name="$leftovers"
              value="keep"
              className="btn btn-outline btn-small"
              disabled={fetcher.state !== "idle"}
            >
              표시한 곳 그대로 두기
            </button>
          </>
        ) : null}
        {shown.kept.length ? (
          <>
            <h3 className="cf-leftover-kept-title">그대로 두기로 한 곳 ({shown.kept.length}곳)</h3>
            <ul className="cf-leftover-list">
              {shown.kept.map((row) => (
                <li key={row.path}>
                  <FieldLink id={row.id} {...at}>
                    <span className="cf-summary-label">{row.label}</span>: {row.found}
                  </FieldLink>
                  <button
                    type="submit"
                    name="$leftovers"
                    value={`ask:${row.path}`}
                    className="btn btn-outline btn-small"
                    disabled={fetcher.state !== "idle"}
                  >
                    다시 확인<span className="sr-only"> ({row.label})</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </fetcher.Form>
    </details>
  );
}
