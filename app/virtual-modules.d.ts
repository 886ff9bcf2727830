/** URL of app/enhance/main.ts as built (scripts/vite-enhance-entry.ts). */
declare module "virtual:enhance-entry" {
  const url: string;
  export default url;
}

/** A module of app/inline/ bundled into one inline script (scripts/vite-inline-script.ts). */
declare module "*?inline-script" {
  const code: string;
  export default code;
}
