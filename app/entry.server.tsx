/*
 * React Router's default server entry (revealed with `react-router reveal entry.server`, behaviour
 * unchanged), plus startServices(): the services layer's start-up, called once by server/index.js.
 */
import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ensureAdminFromEnv } from "~/auth/admin.server";
import { closeDb, getDb } from "~/db/db.server";
import { env } from "~/env.server";
import { startRetentionJob } from "~/leads/retention.server";
import { createOutboxWorker } from "~/outbox/outbox.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
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
      <ServerRouter context={routerContext} url={request.url} />,
      {
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

          pipe(body);

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

/**
 * Start-up of the services layer: migrations (getDb), the administrator from ADMIN_EMAIL +
 * ADMIN_PASSWORD, the outbox worker and the retention job. server/index.js calls it once before
 * listening and stop() on SIGTERM/SIGINT.
 */
export async function startServices(): Promise<{ stop(): Promise<void> }> {
  const config = env();
  await getDb();
  const admin = await ensureAdminFromEnv();
  if (admin === "created" || admin === "updated") {
    console.info(
      `[admin] 관리자 ${config.ADMIN_EMAIL} ${admin === "created" ? "계정을 만들었습니다" : "비밀번호를 바꿨습니다"}`,
    );
  }
  const worker = createOutboxWorker();
  worker.start(config.OUTBOX_POLL_MS);
  const retention = startRetentionJob();
  return {
    async stop() {
      await Promise.all([worker.stop(), retention.stop()]);
      await closeDb();
    },
  };
}
