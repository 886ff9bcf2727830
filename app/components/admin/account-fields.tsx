import { useState } from "react";
import type { ComplexOption } from "~/lib/accounts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "~/lib/roles";

/**
 * The role and complexes of an account (the invitation form on /admin/accounts and an account's own
 * page): the role as radio buttons, each with what it may do, and the complexes as check boxes.
 * An agency administrator has every complex: with JavaScript the complexes are put aside (disabled)
 * while that role is chosen; without it the server ignores them. Errors beside their fields.
 */
export function AccountScopeFields({
  idPrefix,
  complexes,
  role: initialRole,
  sites,
  errors,
  focusError,
}: {
  idPrefix: string;
  complexes: ComplexOption[];
  role: Role | "";
  sites: readonly string[];
  errors: { role?: string; sites?: string };
  /** The field in error that takes focus when the page is answered (the first one of the form). */
  focusError?: "role" | "sites";
}) {
  const [role, setRole] = useState<Role | "">(initialRole);
  const agency = role === "agency";
  const roleError = `${idPrefix}-role-error`;
  const sitesError = `${idPrefix}-sites-error`;
  const sitesHint = `${idPrefix}-sites-hint`;
  return (
    <>
      <fieldset
        className="field account-roles"
        aria-describedby={errors.role ? roleError : undefined}
      >
        <legend>역할</legend>
        {ROLES.map((r, i) => (
          <label key={r} className="check account-role">
            <input
              type="radio"
              name="role"
              value={r}
              checked={role === r}
              onChange={() => setRole(r)}
              aria-invalid={errors.role ? true : undefined}
              autoFocus={focusError === "role" && i === 0 ? true : undefined}
            />
            <span>
              <strong>{ROLE_LABELS[r]}</strong>
              <span className="account-role-text">{ROLE_DESCRIPTIONS[r]}</span>
            </span>
          </label>
        ))}
        {errors.role ? (
          <p id={roleError} className="field-error">
            {errors.role}
          </p>
        ) : null}
      </fieldset>
      <fieldset
        className="field account-sites"
        disabled={agency}
        aria-describedby={[sitesHint, errors.sites ? sitesError : ""].filter(Boolean).join(" ")}
      >
        <legend>맡을 단지</legend>
        <p id={sitesHint} className="field-hint">
          단지 편집자와 상담원은 고른 단지만 봅니다. 에이전시 관리자는 모든 단지를 관리합니다.
        </p>
        <div className="account-site-list">
          {complexes.map((c, i) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                name="sites"
                value={c.id}
                defaultChecked={sites.includes(c.id)}
                aria-invalid={errors.sites && !agency ? true : undefined}
                autoFocus={focusError === "sites" && i === 0 ? true : undefined}
              />
              {c.name} <span className="account-site-id">({c.id})</span>
            </label>
          ))}
        </div>
        {errors.sites ? (
          <p id={sitesError} className="field-error">
            {errors.sites}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
