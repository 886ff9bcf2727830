/*
 * What the public pages' areas (and root.tsx) share; nothing here may import React.
 */

/** Event the hydrated pages send after each render of a new location (root.tsx → main.ts). */
export const RENDERED_EVENT = "app:rendered";

/**
 * Event the lead form sends when the server stored a new registration (never a duplicate, a
 * refused or an ignored one): the ad tags' lead events (./tracking.ts) listen for it.
 */
export const LEAD_EVENT = "app:lead";
export type LeadEventDetail = { id: string; booked: boolean };

/** Lets the browser paint and handle input before the next piece of work. */
export const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `work` after the browser has painted the frame that answers an input: the answer a visitor
 * sees first (a tab marked, a button pressed) is cheap, and the heavy change (a new panel's markup,
 * style and layout) comes in the frame after, not holding the first (Interaction to Next Paint).
 * In a background tab, which gets no frames, at once.
 */
export function afterNextPaint(work: () => void): void {
  if (document.visibilityState !== "visible") return work();
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * Runs each step in a task of its own: attaching an area's parts one after another in one task
 * held the main thread for up to 30 ms on a fast machine (Lighthouse's phone: 4x that).
 */
export async function inTurns(steps: ReadonlyArray<() => void>): Promise<void> {
  for (const step of steps) {
    await yieldToPage();
    step();
  }
}
