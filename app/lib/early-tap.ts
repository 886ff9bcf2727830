/**
 * The attribute on a button a visitor pressed before a public page's script had attached its
 * behaviour: the page's starter (lib/head-priorities.server.ts) sets it, app/enhance/main.ts
 * presses the button again once the areas have attached.
 */
export const EARLY_TAP = "data-early-tap";
