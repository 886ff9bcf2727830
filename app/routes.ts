import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { content } from "./content";
import { calendarMilestones, milestoneIcsPath } from "./content/pages";

/*
 * The site map, beside the specification's route table. Paths are case-sensitive so that
 * the other spellings in content.redirects answer with a 301 instead of a duplicate page.
 * Paths per unit type and interior come from content.
 */
const page = (path: string, file: string, id?: string) =>
  route(path, file, { caseSensitive: true, ...(id ? { id } : {}) });

export default [
  index("routes/home.tsx"),

  page("Brand/intro", "routes/brand.intro.tsx"),
  page("Brand/video", "routes/brand.video.tsx"),

  page("BusinessGuide/intro", "routes/business.intro.tsx"),
  page("BusinessGuide/plan", "routes/business.plan.tsx"),
  ...calendarMilestones().map((m) =>
    page(milestoneIcsPath(m).slice(1), "routes/business.plan.ics.ts", `ics-${m.key}`),
  ),
  page("BusinessGuide/documents", "routes/business.documents.tsx"),

  page("LocationEnvironment/intro", "routes/location.intro.tsx"),
  page("LocationEnvironment/primium", "routes/location.premium.tsx"),

  page("ComplexGuide/intro", "routes/complex.intro.tsx"),
  page("ComplexGuide/detailintro", "routes/complex.detail.tsx"),
  page("ComplexGuide/community", "routes/complex.community.tsx"),

  ...content.unitTypes.map((u) =>
    page(u.path.slice(1), "routes/floor-plan.tsx", `floor-plan-${u.key}`),
  ),
  page("FloorPlan/videos", "routes/floor-plan.videos.tsx"),
  page("FloorPlan/Emodel", "routes/floor-plan.emodel.tsx"),

  ...content.interiors.map((i) =>
    page(i.path.slice(1), "routes/interior.tsx", `interior-${i.key}`),
  ),

  page("SalesInfo/SubscriptionGuide", "routes/sales.subscription.tsx"),
  page("SalesInfo/guide", "routes/sales.guide.tsx"),
  page("SalesInfo/announcement", "routes/sales.announcement.tsx"),
  page("SalesInfo/stampTax", "routes/sales.stamp-tax.tsx"),

  page("Promotion/Customer", "routes/customer.tsx", "promotion-customer"),
  page("Promotion/Press", "routes/press.redirect.ts"),
  page(":site/press", "routes/press.list.tsx"),
  page(":site/press/rss.xml", "routes/press.rss.ts"),
  page(":site/press/:id", "routes/press.detail.tsx"),
  route("media/press/:file", "routes/press.photo.ts"),
  page(":site/customer", "routes/customer.tsx", "site-customer"),

  page("register", "routes/register.tsx"),
  page("privacy", "routes/privacy.tsx"),
  // A visit booking's page, opened from the link in the visitor's SMS; and live slot availability.
  route("b/:token", "routes/booking.tsx"),
  route("api/visit-slots", "routes/api.visit-slots.ts"),
  // The lead forms' actions answering JSON, for the page's script (app/enhance/lead-form.ts).
  route("api/leads", "routes/api.leads.ts"),

  ...content.redirects.map((r, i) =>
    page(r.from.slice(1), "routes/alias.redirect.ts", `alias-${i}`),
  ),
  // The administrator: sign-in, then the desks (each loader and action checks the session itself).
  page("admin/login", "routes/admin.login.tsx"),
  page("admin/logout", "routes/admin.logout.ts"),
  page("admin/leads.csv", "routes/admin.leads.csv.ts"),
  layout("routes/admin.layout.tsx", [
    page("admin", "routes/admin.home.tsx"),
    page("admin/press", "routes/admin.press.tsx"),
    page("admin/press/new", "routes/admin.press.new.tsx"),
    page("admin/press/:id", "routes/admin.press.edit.tsx"),
    page("admin/leads", "routes/admin.leads.tsx"),
  ]),

  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
