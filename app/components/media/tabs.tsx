import { useRef, type KeyboardEvent, type ReactNode } from "react";

export type TabItem<K extends string | number> = { key: K; label: string };

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): one tab list and one panel
 * showing the selected tab. Arrow keys move between tabs (wrapping), Home and End jump.
 */
export function Tabs<K extends string | number>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  children,
  className,
}: {
  /** Prefix for element ids; unique on the page. */
  id: string;
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelId = `${id}-panel`;
  const tabId = (key: K) => `${id}-tab-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    onSelect(tabs[target]!.key);
    refs.current[target]?.focus();
  }

  return (
    <div className={className ? `tabs ${className}` : "tabs"}>
      <div role="tablist" aria-label={label} className="tabs-list">
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              className="tabs-tab"
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        className="tabs-panel"
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
