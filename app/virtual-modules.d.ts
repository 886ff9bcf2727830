/** URL of app/enhance/main.ts as built (scripts/vite-enhance-entry.ts). */
declare module "virtual:enhance-entry" {
  const url: string;
  export default url;
}
