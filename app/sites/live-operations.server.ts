import { createLiveSync } from "./live.server";

/** What server/index.js needs of live operations, through the server build's entry module. */
export const liveOperations = { createSync: createLiveSync };
