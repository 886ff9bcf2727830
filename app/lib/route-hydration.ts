/**
 * `hydrate`: whether React Router's scripts come with the page, or a function of the route's
 * loader data (the press pages: only for the signed-in administrator, who writes there). Public
 * pages are not hydrated; their behaviour is app/enhance (docs/decisions/014).
 */
export type RouteHandle = {
  hydrate?: boolean | ((loaderData: unknown) => boolean);
  /**
   * `false`: the complex's ad tags (app/lib/tracking.ts) stay off this page, whose address carries
   * a secret (a booking's cancel link). Hydrated pages (the administrator's) never carry them.
   */
  tracking?: false;
  /**
   * Stylesheets for some of a page's visitors only, a function of the route's loader data (the
   * press pages: the administrator's stylesheet when signed in, never for a visitor). root.tsx
   * links them after the route's own.
   */
  stylesheets?: (loaderData: unknown) => string[];
  /**
   * A console page (/admin and its desks, sign-in, invitation): the console's own frame
   * (components/admin/console-header.tsx), never the complex's public header, footer, phone bar,
   * popup or colours (issue 39, item 6).
   */
  console?: true;
};

/** Whether any matched route asks for React Router's scripts (root.tsx and entry.server.tsx ask). */
export function wantsHydration(matches: { handle?: unknown; loaderData?: unknown }[]): boolean {
  return matches.some((match) => {
    const hydrate = (match.handle as RouteHandle | undefined)?.hydrate;
    return typeof hydrate === "function" ? hydrate(match.loaderData) : hydrate === true;
  });
}

/** Whether the page may load the complex's ad tags: a public page that does not refuse them. */
export function allowsTracking(matches: { handle?: unknown; loaderData?: unknown }[]): boolean {
  if (wantsHydration(matches)) return false;
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.tracking === false);
}

/** The stylesheets the matched routes ask for with this loader data (`RouteHandle.stylesheets`). */
export function routeStylesheets(matches: { handle?: unknown; loaderData?: unknown }[]): string[] {
  return [
    ...new Set(
      matches.flatMap(
        (match) => (match.handle as RouteHandle | undefined)?.stylesheets?.(match.loaderData) ?? [],
      ),
    ),
  ];
}

/** Whether the page is the console's (`RouteHandle.console`): root.tsx leaves the public frame off. */
export function isConsolePage(matches: { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.console === true);
}

/**
 * Whether a request's path is the console's (/admin and below): the root loader sends such a page
 * the complex's name only (lib/site.ts ConsoleRootData). A path there that no console route answers
 * (a mistyped /admin/…) gets the plain Korean 404 page, without the public frame.
 */
export function isConsolePath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
