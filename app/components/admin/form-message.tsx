import type { ReactNode } from "react";

/** A form's result line: an error is announced at once (alert), a success politely (status). */
export function FormMessage({
  tone,
  children,
  className = "",
}: {
  tone: "error" | "ok";
  children: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p
      className={`form-message is-${tone} ${className}`.trim()}
      role={tone === "error" ? "alert" : "status"}
    >
      {children}
    </p>
  );
}
