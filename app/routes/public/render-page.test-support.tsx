import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, matchPath, Outlet, type MetaDescriptor } from "react-router";
import type { Site } from "~/content/schema";
import { BottomBar } from "~/components/layout/bottom-bar";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { RegistrationPopupTemplate } from "~/components/registration/registration-dialog";
import type { RootData } from "~/lib/site";
import routes from "~/routes";

/*
 * A complex's page rendered as the server renders it, for unit tests: the route module app/routes.ts
 * maps its path to, inside the site's frame (header, footer, phone bar, popup), and its head tags.
 */

type RouteModule = {
  default: ComponentType;
  meta?: (args: {
    location: { pathname: string };
    matches: { id: string; data?: unknown }[];
    params: Record<string, string>;
  }) => MetaDescriptor[];
};

/** Every route module, by its path from the project's root ("/app/routes/public/home.tsx"). */
const modules = import.meta.glob<RouteModule>([
  "/app/routes/**/*.tsx",
  "!/app/routes/**/*.test.tsx",
]);

type Entry = { path?: string; file: string; children?: Entry[] };
const flat = (entries: Entry[]): Entry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);

/** The route module answering `path`, as app/routes.ts maps it (the home page is its index). */
async function moduleFor(path: string): Promise<{ pattern: string; module: RouteModule }> {
  for (const entry of flat(routes as Entry[])) {
    const pattern = `/${entry.path ?? ""}`;
    if (!entry.file.endsWith(".tsx") || entry.path === "*") continue;
    if (pattern === "/" ? path !== "/" : !matchPath({ path: pattern, caseSensitive: true }, path))
      continue;
    const load = modules[`/app/${entry.file}`];
    if (load) return { pattern, module: await load() };
  }
  throw new Error(`경로에 맞는 페이지 모듈이 없습니다: ${path}`);
}

/** The page at `path` of `site` as the server renders it: its frame, its body and its head tags. */
export async function renderPage(site: Site, path: string): Promise<string> {
  const root: RootData = { site, siteUrl: "https://new.example.com" };
  const { pattern, module } = await moduleFor(path);
  const Page = module.default;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <>
          <SiteHeader />
          <Outlet />
          <SiteFooter />
          <BottomBar />
          <RegistrationPopupTemplate />
        </>
      ),
      children: [
        { path: pattern === "/" ? undefined : pattern, index: pattern === "/", Component: Page },
      ],
    },
  ]);
  const body = renderToString(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { root } }} />,
  );
  const params = matchPath(pattern, path)?.params ?? {};
  const meta = module.meta?.({
    location: { pathname: path },
    matches: [{ id: "root", data: root }],
    params: params as Record<string, string>,
  });
  return `${body}\n${JSON.stringify(meta ?? [])}`;
}
