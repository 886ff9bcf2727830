import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import type { Site } from "~/content/schema";
import { BottomBar } from "~/components/layout/bottom-bar";
import { PageShell } from "~/components/layout/page-shell";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { RegistrationPopupTemplate } from "~/components/registration/registration-dialog";
import { leadKindLabel } from "~/crm/lead-desk";
import type { RootData } from "~/lib/site";
import { loadSite, shownSite } from "~/sites/registry.server";

/*
 * The page's frame shows the complex the request is for: its name, phone, logo, menu and model
 * house, from the root loader's data, never the Anyang complex's.
 */

const anyang = shownSite(loadSite("sites/anyang"));

/** A second complex: the Anyang data under another name, phone, logo, menu and model house. */
const other: Site = {
  ...anyang,
  id: "other",
  hosts: ["www.other.example"],
  identity: {
    ...anyang.identity,
    name: "다른마을 리버뷰",
    phone: "1588-7777",
    logo: { ...anyang.identity.logo!, src: "brand/other-logo.svg" },
  },
  contact: { hours: "10:00~17:00" },
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
    expect(html).not.toContain(anyang.identity.phone);
  });

  test("without a logo picture, its name in letters in the logo's place; the footer credits its builder and developer", () => {
    const plain = renderFrame(
      { ...other, identity: { ...other.identity, logo: undefined } },
      "/Brand/intro",
    );
    expect(plain).not.toContain("other-logo.svg");
    expect(plain).toContain(
      '<span class="logo logo-text" aria-hidden="true">다른마을 리버뷰</span>',
    );
    expect(plain).toContain(`시공 ${anyang.identity.builder} · 시행 ${anyang.identity.developer}`);
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

describe("the registration's words", () => {
  const suwon = loadSite("sites/suwon");
  test.each([anyang, suwon])(
    "$id: the popup's and /register's title and the buttons opening it name the lead as the desk does",
    (site) => {
      const html = renderFrame(site, "/register");
      const desk = [
        leadKindLabel({ kind: "visit", source: "/register", visitAt: "2026-12-01T01:00:00Z" }),
        leadKindLabel({ kind: "visit", source: "/register", visitAt: null }),
      ];
      expect(desk).toEqual(["방문예약", "관심고객 등록"]);
      const title = `${desk[0]} · ${desk[1]}`;
      expect(html).toContain(`<h2 id="reg-dialog-title">${title}</h2>`);
      expect(site.pages.find((p) => p.path === "/register")?.title).toBe(title);
      expect(html).toContain(`<p class="page-title" aria-hidden="true">${title}</p>`);
      for (const button of ["footer-reserve", "bottom-bar-reserve"])
        expect(html).toMatch(new RegExp(`class="${button}"[^>]*>${desk[0]}</a>`));
    },
  );
});
