import type { SiteChoice } from "~/console/console";
import { DESK_SITE_PARAM, siteLabel } from "~/crm/lead-desk";
import { ALL_SITES } from "~/lib/sites";

export type { SiteChoice };

/** The name of a complex among the choices (its id when it is not one of them). */
function choiceName(site: SiteChoice, siteId: string): string {
  return site.choices.find((c) => c.id === siteId)?.name ?? siteId;
}

/** How the desk's scope reads: 모든 단지, or the complex's name. */
export function scopeName(site: SiteChoice): string {
  return site.scope === ALL_SITES ? siteLabel(ALL_SITES) : choiceName(site, site.scope);
}

/**
 * The desks' 단지 field (lead desk, 채널 성과) in their GET filter forms: the request's complex
 * (an empty value), 모든 단지, or another complex, each by its name.
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
        <option value="">{choiceName(site, site.current)}</option>
        <option value={ALL_SITES}>{siteLabel(ALL_SITES)}</option>
        {site.choices
          .filter((c) => c.id !== site.current)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
      </select>
    </div>
  );
}
