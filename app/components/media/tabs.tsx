import type { ReactNode } from "react";

export type TabItem<K extends string | number> = { key: K; label: string; panel: ReactNode };

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): one tab list and one panel per
 * tab. The server renders every panel and shows the selected one, so the page makes sense without
 * JavaScript; app/enhance/media.ts switches them (click, arrow keys wrapping, Home, End) and, with
 * `urlParam`, keeps the selected tab in the address (`?tab=2`) so it can be shared.
 */
export function Tabs<K extends string | number>({
  id,
  label,
  tabs,
  selected,
  urlParam,
  className,
}: {
  /** Prefix for element ids; unique on the page. */
  id: string;
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<K>[];
  /** The tab shown first (and when the address names no tab). */
  selected: K;
  /** Query parameter that holds the selected tab's key, for tabs a visitor may share. */
  urlParam?: string;
  className?: string;
}) {
  // Ids from the tab's position (1, 2…), never its key: a key from the content may hold a space.
  const panelId = (i: number) => `${id}-panel-${i + 1}`;
  const tabId = (i: number) => `${id}-tab-${i + 1}`;
  return (
    <div
      className={className ? `tabs ${className}` : "tabs"}
      data-media="tabs"
      data-tabs-param={urlParam}
      data-tabs-default={urlParam ? String(selected) : undefined}
    >
      <div role="tablist" aria-label={label} className="tabs-list">
        {tabs.map((tab, i) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={tabId(i)}
              className="tabs-tab"
              aria-selected={isSelected}
              aria-controls={panelId(i)}
              tabIndex={isSelected ? 0 : -1}
              data-tab={String(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(i)}
          aria-labelledby={tabId(i)}
          className="tabs-panel"
          tabIndex={0}
          hidden={tab.key !== selected}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
