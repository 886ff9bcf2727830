import { useEffect, useRef, type ReactNode } from "react";

/**
 * A form's result line: an error is announced at once (alert), a success politely (status).
 * `focus`: keyboard focus moves to it when it shows (the result of a form on another page), also
 * without JavaScript (autofocus); Tab goes on from there.
 */
export function FormMessage({
  tone,
  children,
  className = "",
  focus = false,
}: {
  tone: "error" | "ok";
  children: ReactNode;
  className?: string;
  focus?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = Boolean(children);
  useEffect(() => {
    if (focus && shown) ref.current?.focus();
  }, [focus, shown]);
  if (!shown) return null;
  return (
    <p
      ref={ref}
      className={`form-message is-${tone} ${className}`.trim()}
      role={tone === "error" ? "alert" : "status"}
      {...(focus ? { tabIndex: -1, autoFocus: true } : {})}
    >
      {children}
    </p>
  );
}
