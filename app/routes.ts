import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/*
 * The site map, beside the specification's route table: one route for each kind of page, the same
 * for every complex. A page route's loader answers 404 when the request's complex has no such page
 * (routes/page-guard.server.ts); a unit type's floor plan and interior are one route each, keyed by
 * the unit in the path. Paths are case-sensitive so that a complex's other spellings (its
 * `redirects`) reach the catch-all route, which answers them with a 301 instead of a duplicate page.
 */
const page = (path: string, file: string, id?: string) =>
  route(path, file, { caseSensitive: true, ...(id ? { id } : {}) });

export default [
  index("routes/home.tsx"),

  page("Brand/intro", "routes/brand.intro.tsx"),
  page("Brand/video", "routes/brand.video.tsx"),

  page("BusinessGuide/intro", "routes/business.intro.tsx"),
  page("BusinessGuide/plan", "routes/business.plan.tsx"),
  page("BusinessGuide/plan/:file", "routes/business.plan.ics.ts"),
  page("BusinessGuide/documents", "routes/business.documents.tsx"),

  page("LocationEnvironment/intro", "routes/location.intro.tsx"),
  page("LocationEnvironment/primium", "routes/location.premium.tsx"),

  page("ComplexGuide/intro", "routes/complex.intro.tsx"),
  page("ComplexGuide/detailintro", "routes/complex.detail.tsx"),
  page("ComplexGuide/community", "routes/complex.community.tsx"),

  page("FloorPlan/videos", "routes/floor-plan.videos.tsx"),
  page("FloorPlan/Emodel", "routes/floor-plan.emodel.tsx"),
  page("FloorPlan/:unit", "routes/floor-plan.tsx"),

  page("Interior/:unit", "routes/interior.tsx"),

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
  // Pictures uploaded in the console, from the media store (the same on every instance).
  route("media/c/:file", "routes/media.file.ts"),
  // A complex's own characters that the build's font subset lacks (content written in the console).
  route("fonts/extra/:file", "routes/font-extra.ts"),
  page(":site/customer", "routes/customer.tsx", "site-customer"),

  page("register", "routes/register.tsx"),
  page("privacy", "routes/privacy.tsx"),
  // A visit booking's page, opened from the link in the visitor's SMS; and live slot availability.
  route("b/:token", "routes/booking.tsx"),
  route("api/visit-slots", "routes/api.visit-slots.ts"),
  // The lead forms' actions answering JSON, for the page's script (app/enhance/lead-form.ts).
  route("api/leads", "routes/api.leads.ts"),
  // The pages' beacons for the channel report: a landing with a utm_source, a tap on a phone link.
  route("api/channel", "routes/api.channel.ts"),
  // Delivery reports from Solapi (the visitors' and staff's messages), with a shared secret.
  route("hooks/solapi", "routes/hooks.solapi.ts"),
  // Outside leads (ad platforms' lead forms, Zapier, Make), signed with the complex's key.
  route("hooks/leads/:siteId", "routes/hooks.leads.ts"),

  // The administrator: sign-in, then the desks (each loader and action checks the session itself).
  page("admin/login", "routes/admin.login.tsx"),
  page("admin/logout", "routes/admin.logout.ts"),
  page("admin/leads.csv", "routes/admin.leads.csv.ts"),
  page("admin/channels.csv", "routes/admin.channels.csv.ts"),
  page("admin/channels/funnel.csv", "routes/admin.channels.csv.ts", "admin-channels-funnel-csv"),
  // A picture uploaded from the console (multipart `file` + `alt`), answered as JSON.
  page("admin/media", "routes/admin.media.ts"),
  // Files that are not pictures (app/lib/file-upload.ts), answered as JSON: a 360° panorama, a
  // film and its captions, the recruitment notice PDF.
  page("admin/media/panorama", "routes/admin.media.panorama.ts"),
  page("admin/media/video", "routes/admin.media.video.ts"),
  page("admin/media/captions", "routes/admin.media.video.ts", "admin-media-captions"),
  page("admin/media/pdf", "routes/admin.media.pdf.ts"),
  // The state of the media jobs a file slot follows (a notice's pages being drawn), as JSON.
  page("admin/media/jobs", "routes/admin.media.jobs.ts"),
  // A complex's draft or version as a zip (site.yaml + images/), streamed.
  page("admin/sites/:siteId/export", "routes/admin.site.export.ts"),
  // A one-time invitation link: the invitee sets a password and is signed in (no session yet).
  page("admin/invite/:token", "routes/admin.invite.tsx"),
  // 항목 찾기's results as one types in the content editor, as JSON.
  page("admin/content/search", "routes/admin.content.search.ts"),
  // 미리보기: a page of a complex rendered from its draft, for the frames of /admin/preview.
  route("admin/preview/page/*", "routes/admin.preview.page.tsx"),
  layout("routes/admin.layout.tsx", [
    page("admin", "routes/admin.home.tsx"),
    page("admin/press", "routes/admin.press.tsx"),
    page("admin/press/new", "routes/admin.press.new.tsx"),
    page("admin/press/:id", "routes/admin.press.edit.tsx"),
    page("admin/leads", "routes/admin.leads.tsx"),
    page("admin/leads/:customerId", "routes/admin.leads.card.tsx"),
    page("admin/channels", "routes/admin.channels.tsx"),
    page("admin/operations", "routes/admin.operations.tsx"),
    page("admin/sites", "routes/admin.sites.tsx"),
    // 새 단지's guided start: its first step makes the draft, the others change it (issue 39).
    page("admin/sites/new", "routes/admin.sites.new.tsx"),
    page("admin/sites/:siteId/start/:step", "routes/admin.site.start.tsx"),
    page("admin/sites/:siteId", "routes/admin.site.tsx"),
    // The content editor in sections, one page each (app/lib/content-sections.ts).
    page("admin/content", "routes/admin.content.index.ts"),
    page("admin/content/:group", "routes/admin.content.tsx"),
    page("admin/preview", "routes/admin.preview.tsx"),
    page("admin/accounts", "routes/admin.accounts.tsx"),
    page("admin/accounts/:id", "routes/admin.accounts.edit.tsx"),
  ]),

  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  // Any other path: the complex's other spelling of a page (301), else the Korean 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
