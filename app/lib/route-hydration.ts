/**
 * `hydrate`: whether React Router's scripts come with the page, or a function of the route's
 * loader data (the press pages: only for the signed-in administrator, who writes there). Public
 * pages are not hydrated; their behaviour is app/enhance (docs/decisions/014).
 */
export type RouteHandle = { hydrate?: boolean | ((loaderData: unknown) => boolean) };

/** Whether any matched route asks for React Router's scripts (root.tsx and entry.server.tsx ask). */
export function wantsHydration(matches: { handle?: unknown; loaderData?: unknown }[]): boolean {
  return matches.some((match) => {
    const hydrate = (match.handle as RouteHandle | undefined)?.hydrate;
    return typeof hydrate === "function" ? hydrate(match.loaderData) : hydrate === true;
  });
}
