/** Cache-Control values chosen per route (the server's static files have theirs in server/app.js). */

/** Admin pages, anything personal, and pages whose every request counts (press detail). */
export const NO_STORE = "no-store";
/** Server-rendered public pages: always asked again, may be stored. */
export const REVALIDATE = "public, max-age=0, must-revalidate";
/** Feeds and the sitemap: a few minutes are fine. */
export const FEED = "public, max-age=300";
/** Content-hashed files (press photos): never change under their address. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
