import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import type { Site } from "~/content/schema";
import { BottomBar } from "~/components/layout/bottom-bar";
import { PageShell } from "~/components/layout/page-shell";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { RegistrationPopupTemplate } from "~/components/registration/registration-dialog";
import type { RootData } from "~/lib/site";
import { loadSite } from "~/sites/registry.server";

/*
 * The page's frame shows the complex the request is for: its name, phone, logo, menu and model
 * house, from the root loader's data, never the Anyang complex's.
 */

const anyang = loadSite("sites/anyang");

/** A second complex: the Anyang data under another name, phone, logo, menu and model house. */
const other: Site = {
  ...anyang,
  id: "other",
  hosts: ["www.other.example"],
  project: { ...anyang.project, siteName: "다른마을 리버뷰" },
  contact: { phone: "1588-7777", hours: "10:00~17:00" },
  images: { ...anyang.images, logo: { ...anyang.images.logo, src: "brand/other-logo.svg" } },
  menu: [
    ...anyang.menu,
    {
      title: "소식",
      items: Array.from({ length: 10 }, (_, i) => ({
        title: `소식 ${i + 1}`,
        url: `/News/${i + 1}`,
      })),
    },
  ],
  modelHouse: {
    ...anyang.modelHouse,
    visits: { ...anyang.modelHouse.visits, opensAt: "09:00", closesAt: "10:00", slotMinutes: 60 },
  },
};

/** A page's frame rendered at `path` for `site`, as the root loader hands it over. */
function renderFrame(site: Site, path: string) {
  const root: RootData = { site, siteUrl: `https://${site.hosts[0] ?? "localhost"}` };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      Component: () => (
        <>
          <SiteHeader />
          <PageShell>
            <p>본문</p>
          </PageShell>
          <SiteFooter />
          <BottomBar />
          <RegistrationPopupTemplate />
        </>
      ),
    },
  ]);
  const html = renderToString(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { root } }} />,
  );
  return html.replaceAll("<!-- -->", "");
}

describe("the frame of a page", () => {
  const html = renderFrame(other, "/Brand/intro");

  test("names the complex of the request, with its phone and logo", () => {
    expect(html).toContain(`aria-label="다른마을 리버뷰 홈"`);
    expect(html).toContain("© 다른마을 리버뷰");
    expect(html).toContain('href="tel:15887777"');
    expect(html).toContain("/img/brand/other-logo.svg");
    expect(html).not.toContain(anyang.contact.phone);
  });

  test("lists the complex's menu, the dropdown sized to its longest column", () => {
    expect(Math.max(...anyang.menu.map((g) => g.items.length))).toBeLessThan(10);
    expect(html).toContain('href="/News/10"');
    expect(html).toContain("--gnb-rows:10");
  });

  test("offers the complex's own visit times in the popup's form", () => {
    expect(html).toContain('<option value="09:00">09:00</option>');
    expect(html).not.toContain('<option value="10:00">');
  });
});
