import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A link just made that is shown once (an invitation, a client's report link): its address in a
 * read-only field, focused and selected to copy, and a 복사 button when the browser can copy.
 */
export function OneTimeLink({ id, label, url }: { id: string; label: ReactNode; url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCanCopy(Boolean(navigator.clipboard));
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="account-link-row">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={url}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
        />
        {canCopy ? (
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => {
              void navigator.clipboard.writeText(url).then(() => setCopied(true));
            }}
          >
            복사
          </button>
        ) : null}
      </div>
      <p className="field-hint" role="status">
        {copied ? "복사했습니다." : ""}
      </p>
    </div>
  );
}
