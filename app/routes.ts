import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/*
 * The site map, beside the specification's route table: one route for each kind of page, the same
 * for every complex. A page route's loader answers 404 when the request's complex has no such page
 * (routes/public/page-guard.server.ts); a unit type's floor plan and interior are one route each, keyed by
 * the unit in the path. Paths are case-sensitive so that a complex's other spellings (its
 * `redirects`) reach the catch-all route, which answers them with a 301 instead of a duplicate page.
 */
const page = (path: string, file: string, id?: string) =>
  route(path, file, { caseSensitive: true, ...(id ? { id } : {}) });

export default [
  index("routes/public/home.tsx"),

  page("Brand/intro", "routes/public/brand.intro.tsx"),
  page("Brand/video", "routes/public/brand.video.tsx"),

  page("BusinessGuide/intro", "routes/public/business.intro.tsx"),
  page("BusinessGuide/plan", "routes/public/business.plan.tsx"),
  page("BusinessGuide/plan/:file", "routes/public/business.plan.ics.ts"),
  page("BusinessGuide/documents", "routes/public/business.documents.tsx"),

  page("LocationEnvironment/intro", "routes/public/location.intro.tsx"),
  page("LocationEnvironment/primium", "routes/public/location.premium.tsx"),

  page("ComplexGuide/intro", "routes/public/complex.intro.tsx"),
  page("ComplexGuide/detailintro", "routes/public/complex.detail.tsx"),
  page("ComplexGuide/community", "routes/public/complex.community.tsx"),

  page("FloorPlan/videos", "routes/public/floor-plan.videos.tsx"),
  page("FloorPlan/Emodel", "routes/public/floor-plan.emodel.tsx"),
  page("FloorPlan/:unit", "routes/public/floor-plan.tsx"),

  page("Interior/:unit", "routes/public/interior.tsx"),

  page("SalesInfo/SubscriptionGuide", "routes/public/sales.subscription.tsx"),
  page("SalesInfo/guide", "routes/public/sales.guide.tsx"),
  page("SalesInfo/announcement", "routes/public/sales.announcement.tsx"),
  page("SalesInfo/stampTax", "routes/public/sales.stamp-tax.tsx"),

  page("Promotion/Customer", "routes/public/customer.tsx", "promotion-customer"),
  page("Promotion/Press", "routes/press/press.redirect.ts"),
  page(":site/press", "routes/press/press.list.tsx"),
  page(":site/press/rss.xml", "routes/press/press.rss.ts"),
  page(":site/press/:id", "routes/press/press.detail.tsx"),
  route("media/press/:file", "routes/press/press.photo.ts"),
  // Pictures uploaded in the console, from the media store (the same on every instance).
  route("media/c/:file", "routes/endpoints/media.file.ts"),
  // A complex's own characters that the build's font subset lacks (content written in the console).
  route("fonts/extra/:file", "routes/endpoints/font-extra.ts"),
  page(":site/customer", "routes/public/customer.tsx", "site-customer"),

  page("register", "routes/public/register.tsx"),
  page("privacy", "routes/public/privacy.tsx"),
  // A visit booking's page, opened from the link in the visitor's SMS; and live slot availability.
  route("b/:token", "routes/public/booking.tsx"),
  route("api/visit-slots", "routes/endpoints/api.visit-slots.ts"),
  // The client's read-only weekly report, opened from the link the agency made (decision 053).
  route("r/:token", "routes/public/client-report.tsx"),
  route("r/:token/weekly.xlsx", "routes/public/client-report.xlsx.ts"),
  // The lead forms' actions answering JSON, for the page's script (app/enhance/lead-form.ts).
  route("api/leads", "routes/endpoints/api.leads.ts"),
  // The pages' beacons for the channel report: a landing with a utm_source, a tap on a phone link.
  route("api/channel", "routes/endpoints/api.channel.ts"),
  // Delivery reports from Solapi (the visitors' and staff's messages), with a shared secret.
  route("hooks/solapi", "routes/endpoints/hooks.solapi.ts"),
  // Outside leads (ad platforms' lead forms, Zapier, Make), signed with the complex's key.
  route("hooks/leads/:siteId", "routes/endpoints/hooks.leads.ts"),
  // Meta lead ads: the subscription check (GET) and leadgen notifications (POST, signed by Meta).
  route("hooks/meta/:siteId", "routes/endpoints/hooks.meta.ts"),

  // The administrator: sign-in, then the desks (each loader and action checks the session itself).
  page("admin/login", "routes/admin/login.tsx"),
  page("admin/logout", "routes/admin/logout.ts"),
  page("admin/leads.csv", "routes/admin/crm/leads.csv.ts"),
  page("admin/channels.csv", "routes/admin/crm/channels.csv.ts"),
  page("admin/reports/weekly.xlsx", "routes/admin/reports/weekly.xlsx.ts"),
  page(
    "admin/channels/funnel.csv",
    "routes/admin/crm/channels.csv.ts",
    "admin-channels-funnel-csv",
  ),
  // A picture uploaded from the console (multipart `file` + `alt`), answered as JSON.
  page("admin/media", "routes/admin/console/media.ts"),
  // Files that are not pictures (app/lib/file-upload.ts), answered as JSON: a 360° panorama, a
  // film and its captions, the recruitment notice PDF.
  page("admin/media/panorama", "routes/admin/console/media.panorama.ts"),
  page("admin/media/video", "routes/admin/console/media.video.ts"),
  page("admin/media/captions", "routes/admin/console/media.video.ts", "admin-media-captions"),
  page("admin/media/pdf", "routes/admin/console/media.pdf.ts"),
  // The state of the media jobs a file slot follows (a notice's pages being drawn), as JSON.
  page("admin/media/jobs", "routes/admin/console/media.jobs.ts"),
  // A complex's draft or version as a zip (site.yaml + images/), streamed.
  page("admin/sites/:siteId/export", "routes/admin/console/site.export.ts"),
  // A one-time invitation link: the invitee sets a password and is signed in (no session yet).
  page("admin/invite/:token", "routes/admin/accounts/invite.tsx"),
  // 항목 찾기's results as one types in the content editor, as JSON.
  page("admin/content/search", "routes/admin/console/content.search.ts"),
  // 미리보기: a page of a complex rendered from its draft, for the frames of /admin/preview.
  route("admin/preview/page/*", "routes/admin/console/preview.page.tsx"),
  // Its id is what console pages find the frame's data by (app/lib/admin-page.ts ADMIN_LAYOUT_ID).
  layout("routes/admin/layout.tsx", { id: "admin-layout" }, [
    page("admin", "routes/admin/home.tsx"),
    page("admin/press", "routes/admin/press/press.tsx"),
    page("admin/press/new", "routes/admin/press/press.new.tsx"),
    page("admin/press/:id", "routes/admin/press/press.edit.tsx"),
    page("admin/leads", "routes/admin/crm/leads.tsx"),
    page("admin/leads/import", "routes/admin/crm/leads.import.tsx"),
    // 전화 접수: a call written down by the consultant as a lead of the dialled number's source (issue 42).
    page("admin/leads/phone", "routes/admin/crm/leads.phone.tsx"),
    page("admin/leads/:customerId", "routes/admin/crm/leads.card.tsx"),
    page("admin/channels", "routes/admin/crm/channels.tsx"),
    page("admin/channels/manual-costs", "routes/admin/crm/manual-costs.tsx"),
    page("admin/reports/weekly", "routes/admin/reports/weekly.tsx"),
    // 광고비 가져오기: an ad platform's cost report uploaded, previewed and saved (issue 41).
    page("admin/channels/costs", "routes/admin/crm/channels.costs.tsx"),
    // Meta 리드 양식: each Meta lead form's questions and what their answers become (issue 42).
    page("admin/channels/meta-forms", "routes/admin/crm/meta-forms.tsx"),
    page("admin/operations", "routes/admin/console/operations.tsx"),
    page("admin/sites", "routes/admin/console/sites.tsx"),
    // 새 단지's guided start: its first step makes the draft, the others change it (issue 39).
    page("admin/sites/new", "routes/admin/console/sites.new.tsx"),
    page("admin/sites/:siteId/start/:step", "routes/admin/console/site.start.tsx"),
    page("admin/sites/:siteId", "routes/admin/console/site.tsx"),
    // The content editor in sections, one page each (app/console/content-sections.ts).
    page("admin/content", "routes/admin/console/content.index.ts"),
    page("admin/content/:group", "routes/admin/console/content.tsx"),
    page("admin/preview", "routes/admin/console/preview.tsx"),
    page("admin/accounts", "routes/admin/accounts/accounts.tsx"),
    page("admin/accounts/:id", "routes/admin/accounts/accounts.edit.tsx"),
  ]),

  route("robots.txt", "routes/public/robots.txt.ts"),
  route("sitemap.xml", "routes/public/sitemap.xml.ts"),
  // Any other path: the complex's other spelling of a page (301), else the Korean 404 page.
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
