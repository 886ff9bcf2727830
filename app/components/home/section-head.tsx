import type { ReactNode } from "react";

/** The head of a home page section: eyebrow, title (the section's name), lead and actions. */
export function SectionHead({
  id,
  eyebrow,
  title,
  lead,
  className,
  actions,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  className?: string;
  actions?: ReactNode;
  /** Between the lead and the actions. */
  children?: ReactNode;
}) {
  return (
    <div className={["home-head", "home-fade", className].filter(Boolean).join(" ")}>
      {eyebrow ? <p className="home-eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="home-title">
        {title}
      </h2>
      {lead ? <p className="home-lead">{lead}</p> : null}
      {children}
      {actions ? <p className="home-actions">{actions}</p> : null}
    </div>
  );
}
