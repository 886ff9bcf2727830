// @ts-check
/*
 * The server build, loaded once: React Router's build of the application, and on its entry module
 * what this server takes from the application (`ServerEntry`, app/entry.server.tsx). A missing
 * export stops the start with its name: a renamed export must never turn a feature off silently.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** @typedef {import("react-router").ServerBuild} ServerBuild */
/** @typedef {import("../app/entry.server").ServerEntry} ServerEntry */
/** @typedef {{ build: ServerBuild, entry: ServerEntry }} LoadedBuild */

/**
 * Every export of ServerEntry, each with what it must be. The mapped type makes a name missing
 * here, or one ServerEntry does not have, a type error.
 * @type {{ [K in keyof ServerEntry]: "function" | "object" }}
 */
const EXPORTS = {
  startServices: "function",
  followStore: "function",
  sitesForServer: "object",
  renderedPress: "object",
  storedPages: "object",
  adminSessionOf: "function",
  withRequestFiles: "function",
};

/** A build the server cannot run: server/index.js prints the message and stops. */
export class BuildError extends Error {}

/**
 * The entry module's exports the server needs, checked to be there.
 * @param {object} module
 * @returns {ServerEntry}
 */
export function serverEntry(module) {
  const exports = /** @type {Record<string, unknown>} */ (module);
  for (const [name, kind] of Object.entries(EXPORTS)) {
    if (typeof exports[name] !== kind) {
      throw new BuildError(
        `서버 빌드의 app/entry.server.tsx에 ${name}(${kind})이(가) 없습니다. ` +
          "ServerEntry 형식과 내보내기가 맞는지 확인하고 다시 빌드하세요 (npm run build).",
      );
    }
  }
  return /** @type {ServerEntry} */ (/** @type {unknown} */ (module));
}

/**
 * The build in `buildDir` (its `server/index.js`) and its checked entry.
 * @param {string} buildDir
 * @returns {Promise<LoadedBuild>}
 */
export async function loadServerBuild(buildDir) {
  /** @type {ServerBuild} */
  const build = await import(pathToFileURL(resolve(buildDir, "server/index.js")).href);
  return { build, entry: serverEntry(build.entry.module) };
}
