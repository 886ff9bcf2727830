import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { calendarMilestones, milestoneIcsPath } from "~/content/pages";
import { loadSite, loadSites, resetSites } from "~/sites/registry.server";
import routes from "./routes";
import { loader as floorPlan } from "./routes/public/floor-plan";
import { loader as interior } from "./routes/public/interior";
import { loader as calendar } from "./routes/public/business.plan.ics";
import { loader as notFound } from "./routes/public/not-found";
import { pageLoader, requirePressSite } from "./routes/public/page-guard.server";

/*
 * The route table is the same for every complex: each page a complex lists must reach the route
 * of its kind, and the loaders answer for what the request's complex has, by its host name.
 */

type Entry = RouteObject & { file: string };
const toObjects = (entries: RouteConfigEntry[]): Entry[] =>
  entries.map((e) => ({
    path: e.path,
    index: e.index,
    caseSensitive: e.caseSensitive,
    file: e.file,
    children: e.children ? toObjects(e.children) : undefined,
  })) as Entry[];
const table = toObjects(routes);
const fileFor = (path: string) =>
  (matchRoutes(table, path)?.at(-1)?.route as Entry | undefined)?.file;

describe.each(loadSites().map((s) => [s.id, s] as const))("the route table for %s", (_id, site) => {
  test("every page of the complex has a route of its own (not the catch-all)", () => {
    for (const page of site.pages)
      expect(fileFor(page.path), page.path).not.toBe("routes/public/not-found.tsx");
  });

  test("unit plans, interiors and calendar files reach the route of their kind", () => {
    for (const u of site.unitTypes)
      expect(fileFor(u.path), u.path).toBe("routes/public/floor-plan.tsx");
    for (const i of site.interiors)
      expect(fileFor(i.path), i.path).toBe("routes/public/interior.tsx");
    for (const m of calendarMilestones(site))
      expect(fileFor(milestoneIcsPath(m))).toBe("routes/public/business.plan.ics.ts");
  });
});

/** What a loader answered: the status of what it returned or threw, and where it redirects. */
function answer(run: () => unknown): { status: number; location?: string | null } {
  let value: unknown;
  try {
    value = run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get("Location") };
  if (value && typeof value === "object" && "init" in value)
    return { status: (value as { init?: { status?: number } }).init?.status ?? 200 };
  return { status: 200 };
}

describe("loaders answer for the request's complex", () => {
  const anyang = loadSite("sites/anyang");
  // A second complex without the brand video, one unit type, interiors or schedule dates.
  const other = {
    ...anyang,
    id: "other",
    default: false,
    hosts: ["www.other.example"],
    pages: anyang.pages.filter((p) => p.path !== "/Brand/video"),
    unitTypes: anyang.unitTypes.filter((u) => u.key !== "114B"),
    interiors: [],
    redirects: [],
    infoPages: {
      ...anyang.infoPages,
      schedule: {
        ...anyang.infoPages.schedule,
        milestones: anyang.infoPages.schedule.milestones.map(({ date: _, ...m }) => m),
      },
    },
  };
  beforeAll(() => resetSites([anyang, other]));
  afterAll(() => resetSites());

  const at = (host: string, path: string) => ({
    request: new Request(`http://${host}${path}`),
    params: {},
    context: {},
  });
  const A = anyang.hosts[0]!;
  const O = "www.other.example";

  test("a page the complex has answers; one it lacks is 404", () => {
    expect(answer(() => pageLoader(at(A, "/Brand/video"))).status).toBe(200);
    expect(answer(() => pageLoader(at(O, "/Brand/video"))).status).toBe(404);
  });

  test("a unit type's floor plan and interior answer only where the complex has them", () => {
    expect(answer(() => floorPlan(at(A, "/FloorPlan/114B") as never)).status).toBe(200);
    expect(answer(() => floorPlan(at(O, "/FloorPlan/114B") as never)).status).toBe(404);
    expect(answer(() => floorPlan(at(A, "/FloorPlan/999Z") as never)).status).toBe(404);
    expect(answer(() => interior(at(A, "/Interior/59A") as never)).status).toBe(200);
    expect(answer(() => interior(at(O, "/Interior/59A") as never)).status).toBe(404);
  });

  test("a calendar file answers only for a dated milestone of the complex", () => {
    const dated = milestoneIcsPath(calendarMilestones(anyang)[0]!);
    expect(answer(() => calendar(at(A, dated) as never)).status).toBe(200);
    expect(answer(() => calendar(at(O, dated) as never)).status).toBe(404);
  });

  test("another spelling of a page redirects for its complex only; anything else is 404", () => {
    const [alias] = anyang.redirects;
    expect(alias).toBeDefined();
    expect(answer(() => notFound(at(A, `${alias!.from}?a=1`) as never))).toEqual({
      status: 301,
      location: `${alias!.to}?a=1`,
    });
    expect(answer(() => notFound(at(O, alias!.from) as never)).status).toBe(404);
  });

  test("press pages answer only for the complex's press sites", () => {
    const press = anyang.press.sites[0]!;
    expect(requirePressSite(new Request(`http://${A}/${press}/press`), press).id).toBe("anyang");
    expect(answer(() => requirePressSite(new Request(`http://${A}/x/press`), "x")).status).toBe(
      404,
    );
  });
});
