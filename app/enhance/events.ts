/** Event the hydrated pages send after each render of a new location (root.tsx → main.ts). */
export const RENDERED_EVENT = "app:rendered";

/**
 * A plain left click, without a key that asks the browser for a new tab or window. Only such a
 * click is taken over by a page's behaviour; any other keeps the link's own meaning.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
