import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A console page's head: its title and, beside it, the way back (`back`, e.g. "← 관리자 홈") or
 * the page's own action (`children`, e.g. a CSV download).
 */
export function AdminHead({
  title,
  back,
  children,
}: {
  title: ReactNode;
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className="admin-head">
      <h1 className="admin-title">{title}</h1>
      {back && (
        <Link to={back.to} className="admin-link">
          {back.label}
        </Link>
      )}
      {children}
    </div>
  );
}
