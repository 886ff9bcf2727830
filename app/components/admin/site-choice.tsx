import { DESK_SITE_PARAM, siteLabel } from "~/lib/lead-desk";
import { ALL_SITES } from "~/lib/sites";

/** The complex a desk shows, for an administrator of every complex: the request's, another, or all. */
export type SiteChoice = { scope: string; current: string; choices: string[] };

/**
 * The desks' 단지 field (lead desk, 채널 성과) in their GET filter forms: the request's complex
 * (an empty value), 모든 단지, or another complex.
 */
export function SiteChoiceField({ id, site }: { id: string; site: SiteChoice }) {
  return (
    <div className="field desk-filter is-select">
      <label htmlFor={id}>단지</label>
      <select
        id={id}
        name={DESK_SITE_PARAM}
        defaultValue={site.scope === site.current ? "" : site.scope}
      >
        <option value="">{site.current}</option>
        <option value={ALL_SITES}>{siteLabel(ALL_SITES)}</option>
        {site.choices
          .filter((s) => s !== site.current)
          .map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
      </select>
    </div>
  );
}
