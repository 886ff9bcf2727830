/*
 * React Router's default server entry (revealed with `react-router reveal entry.server`), plus:
 * the per-request CSP nonce from server/app.js on every inline script React and React Router
 * render; module scripts and preloads started after the first frame (lib/head-priorities.server.ts);
 * handleError, which logs the router's own 4xx answers in one line; and `ServerEntry`, what the
 * HTTP server takes from the application (the services' start-up, live operations, the complexes,
 * the kept press pages).
 */
import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ensureAdminFromEnv } from "~/auth/admin.server";
import { adminSessionOf } from "~/auth/session.server";
import { withRequestFiles } from "~/http/streamed-form.server";
import type { Site } from "~/content/schema";
import { closeDb, getDb } from "~/db/db.server";
import { env } from "~/env.server";
import { retentionTask } from "~/leads/retention.server";
import { attachOrphanLeads } from "~/crm/customers.server";
import { digestTask } from "~/crm/digest.server";
import { deferModuleScriptsStream } from "~/lib/head-priorities.server";
import { keepTogetherHtml, unbreakablePattern } from "~/lib/keep-together";
import { wantsHydration } from "~/lib/route-hydration";
import { createMediaJobRunner } from "~/media/media-jobs.server";
import { createMetaLeadRunner } from "~/leads/meta-leads.server";
import { createOutboxWorker } from "~/outbox/outbox.server";
import { renderedPress } from "~/press/rendered-pages.server";
import { followStore, loadContent } from "~/console/sync.server";
import { sitesForServer } from "~/sites/server-facts.server";
import { storedPages } from "~/sites/stored-pages.server";
import { siteOf } from "~/sites/registry.server";
import enhanceUrl from "virtual:enhance-entry";

declare module "react-router" {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce server/app.js sent with this answer. */
    cspNonce?: string;
    /**
     * 미리보기: one page of the complex `siteId` as the public renderer renders it
     * (server/render-site.js renderPage), `edit` applied to its HTML before its policy (`csp`) is
     * taken from it. Call it inside registry.server.ts withSiteOverride to render a draft.
     */
    renderPage?: (
      siteId: string,
      path: string,
      edit: (html: string) => string,
    ) => Promise<{ status: number; html: string; type: string; csp?: string }>;
  }
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
  // If you have middleware enabled:
  // loadContext: RouterContextProvider
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  const nonce = loadContext?.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Never move a finished Suspense boundary out of place (React does so past 12.8 KB of
        // HTML, behind a script): the content would be hidden without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          // The page's JavaScript starts loading after the first frame: the first paint needs none of
          // it. On a page React does not hydrate, phone numbers, areas and unit labels are kept on
          // one line wherever they are rendered (lib/keep-together.ts).
          const finish = hydrated(routerContext)
            ? undefined
            : (html: string) => keepTogetherHtml(html, keepTogether(siteOf(request)));
          pipe(deferModuleScriptsStream(enhanceUrl, finish, nonce)).pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}

const keptTogether = new WeakMap<Site, RegExp>();
/** The request's complex's unit labels are kept on one line too (made once per complex). */
function keepTogether(site: Site) {
  let pattern = keptTogether.get(site);
  if (!pattern) {
    pattern = unbreakablePattern(site.unitTypes.map((u) => u.label));
    keptTogether.set(site, pattern);
  }
  return pattern;
}

/** Whether this answer carries React Router's scripts (the same test as root.tsx's Layout). */
function hydrated({ staticHandlerContext: { matches, loaderData }, routeModules }: EntryContext) {
  return wantsHydration(
    matches.map((m) => ({
      handle: routeModules[m.route.id]?.handle,
      loaderData: loaderData[m.route.id],
    })),
  );
}

/**
 * Errors React Router reports. Its own 4xx answers (a method a route has no handler for, say) are
 * one log line, not a stack trace per request; anything else is logged whole.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`[${error.status}] ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};

/**
 * What the HTTP server (server/) takes from this module of the server build, besides React
 * Router's own exports: the services' start-up (migrations, administrator from env, outbox
 * worker, media job runner), the sync that follows the store and 운영 정보 (server/index.js), what it needs of the complexes (server/app.js,
 * server/render-site.js), the press pages it keeps rendered (server/rendered-cache.js), the
 * administrator a large upload's cookie signs in (server/upload-guard.js) and the scope that
 * removes a request's uploaded temporary files once it is answered (server/react-router.js).
 * Picked from this module's own exports, so removing or renaming one is a type error here, and
 * changing one a type error where the server uses it; server/build.js checks at start-up that
 * each is in the build.
 */
export type ServerEntry = Pick<
  typeof import("./entry.server"),
  | "startServices"
  | "followStore"
  | "sitesForServer"
  | "renderedPress"
  | "storedPages"
  | "adminSessionOf"
  | "withRequestFiles"
>;

export {
  adminSessionOf,
  followStore,
  renderedPress,
  sitesForServer,
  storedPages,
  withRequestFiles,
};

export async function startServices(): Promise<{ stop(): Promise<void> }> {
  const config = env();
  await getDb();
  const content = await loadContent();
  if (content.imported.length) {
    console.info(`[content] 폴더에서 가져와 게시했습니다: ${content.imported.join(", ")}`);
  }
  const admin = await ensureAdminFromEnv();
  if (admin === "created" || admin === "updated") {
    console.info(
      `[admin] 관리자 ${config.ADMIN_EMAIL} ${admin === "created" ? "계정을 만들었습니다" : "비밀번호를 바꿨습니다"}`,
    );
  }
  const cards = await attachOrphanLeads();
  if (cards) console.info(`[crm] 고객 카드가 없던 접수 ${cards}건을 카드에 연결했습니다`);
  const worker = createOutboxWorker();
  worker.start(config.OUTBOX_POLL_MS);
  const retention = retentionTask();
  retention.start();
  const digests = digestTask(config.CRM_DIGEST_POLL_MS);
  digests.start();
  // Slow media work (a notice's pages, a panorama's widths, a large picture's variants): one loop.
  const jobs = createMediaJobRunner();
  jobs.start();
  // Meta lead ads' leads read from the Graph API: a loop of its own, never behind slow media.
  const metaLeads = createMetaLeadRunner();
  metaLeads.start();
  return {
    async stop() {
      await Promise.all([
        worker.stop(),
        retention.stop(),
        digests.stop(),
        jobs.stop(),
        metaLeads.stop(),
      ]);
      await closeDb();
    },
  };
}
