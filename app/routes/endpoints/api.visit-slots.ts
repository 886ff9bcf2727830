import type { Route } from "./+types/api.visit-slots";
import { readAvailability } from "~/bookings/bookings.server";
import { siteOf } from "~/sites/registry.server";

/*
 * Live availability of the model house's visit slots, for the slot picker in the visit forms. The
 * pages with those forms are prerendered, so the seats left come from here, fetched by the browser
 * and never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(await readAvailability(siteOf(request)), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
