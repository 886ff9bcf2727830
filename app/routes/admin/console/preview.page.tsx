import { renderToStaticMarkup } from "react-dom/server";
import { data } from "react-router";
import type { Route } from "./+types/preview.page";
import { getSession } from "~/auth/session.server";
import { NO_STORE } from "~/lib/cache";
import { requireConsoleSite } from "~/console/console-site.server";
import { getDraft } from "~/console/content-store.server";
import { previewHtml, previewSite, type PreviewProblem } from "~/console/preview.server";
import { withSiteOverride } from "~/sites/registry.server";

/*
 * /admin/preview/page/<path>: one page of the complex rendered from its draft, for the frames of
 * /admin/preview (app/console/preview.server.ts). Content editors only (anyone else, signed out too:
 * the 404 of the console), never indexed or stored, shown in a frame of this site only. Rendered on each request by
 * the public pages' renderer (the two frames' requests for one page share one render); nothing is
 * kept.
 */

const HEADERS = {
  "Cache-Control": NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
};

type Rendered =
  | Awaited<ReturnType<NonNullable<Route.LoaderArgs["context"]["renderPage"]>>>
  | { problems: PreviewProblem[] };

/** Renders under way, by draft revision, page and console query: shared, never kept after. */
const rendering = new Map<string, Promise<Rendered>>();

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Signed out: a frame has no sign-in page to go to (the console page /admin/preview has).
  if (!(await getSession(request))) throw data(null, { status: 404, headers: HEADERS });
  const { siteId, query } = await requireConsoleSite(request, "content");
  const draft = await getDraft(siteId);
  const { renderPage } = context;
  if (!draft || !renderPage) throw data(null, { status: 404, headers: HEADERS });
  const path = `/${params["*"] ?? ""}`;
  // The phone and desktop frames ask for the same page at once: one render serves both, so the
  // second frame does not wait behind the first's (issue 39: the desktop frame stayed blank).
  const key = JSON.stringify([siteId, draft.revision, path, query]);
  let render = rendering.get(key);
  if (!render) {
    render = (async (): Promise<Rendered> => {
      const preview = await previewSite(siteId, draft.content);
      if (!preview.ok) return { problems: preview.problems };
      return withSiteOverride(preview.site, () =>
        renderPage(siteId, path, (html) => previewHtml(html, preview.site, query)),
      );
    })().finally(() => rendering.delete(key));
    rendering.set(key, render);
  }
  const page = await render;
  if ("problems" in page) {
    return new Response(problemsPage(page.problems), {
      status: 409,
      headers: { ...HEADERS, "Content-Type": "text/html; charset=utf-8" },
    });
  }
  return new Response(page.html, {
    status: page.status,
    headers: {
      ...HEADERS,
      "Content-Type": page.type,
      ...(page.csp ? { "Content-Security-Policy": page.csp } : {}),
    },
  });
}

/** A draft that cannot become a complex: its problems, each linking to its field (in the top window). */
function problemsPage(problems: PreviewProblem[]): string {
  const page = (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>미리보기할 수 없습니다</title>
      </head>
      <body style={{ fontFamily: "sans-serif", lineHeight: 1.6, padding: 16 }}>
        <h1 style={{ fontSize: "1.25rem" }}>초안을 미리보기할 수 없습니다</h1>
        <p>아래 {problems.length}곳을 고치면 미리보기와 게시를 할 수 있습니다.</p>
        <ul>
          {problems.map((p, i) => (
            <li key={i}>
              <a href={p.href} target="_top">
                {p.label ? `${p.label}: ` : ""}
                {p.message}
              </a>
            </li>
          ))}
        </ul>
      </body>
    </html>
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
