import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { siteJsonSchema } from "~/content/schema";
import { imageUrl } from "~/lib/images";
import {
  defaultSite,
  loadSite,
  loadSites,
  resetSites,
  siteById,
  siteForHost,
  siteOrigin,
  withSiteOverride,
} from "./registry.server";

/** A copy of the sample complexes to break or extend, as SITES_DIR. */
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "sites-"));
  cpSync("sites", root, { recursive: true });
  process.env.SITES_DIR = root;
  resetSites();
});
afterEach(() => {
  delete process.env.SITES_DIR;
  delete process.env.DEFAULT_SITE;
  resetSites();
  rmSync(root, { recursive: true, force: true });
});

const yamlOf = (id: string) => join(root, id, "site.yaml");
function edit(id: string, change: (text: string) => string) {
  writeFileSync(yamlOf(id), change(readFileSync(yamlOf(id), "utf8")));
}

/** A third complex copied from Anyang, with its own id and host. */
function third(id = "third", host = "third.example.com") {
  cpSync(join(root, "anyang"), join(root, id), { recursive: true });
  edit(id, (t) =>
    t
      .replace(/^id: anyang$/m, `id: ${id}`)
      .replace(/^default: true\n/m, "")
      .replace(/^hosts:\n( {2}- .*\n)+/m, `hosts:\n  - ${host}\n`),
  );
}

describe("a complex's data file", () => {
  test("a broken phone number stops with a Korean message naming the file and the field", () => {
    third();
    edit("third", (t) => t.replace(/^ {2}phone: .*$/m, "  phone: 전화번호아님"));
    expect(() => loadSites()).toThrow(
      `${root}/third/site.yaml: identity.phone "전화번호아님"은 전화번호 형식이 아닙니다`,
    );
  });

  test("every problem of a file is listed, each with its field", () => {
    third();
    edit("third", (t) =>
      t
        .replace(/^ {2}phone: .*$/m, "  phone: 12-34")
        .replace(/^ {2}households: 900$/m, "  households: 많음"),
    );
    const message = (() => {
      try {
        loadSites();
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('identity.phone "12-34"는 전화번호 형식이 아닙니다');
    expect(message).toContain("project.households");
  });

  test("a YAML syntax error names the file", () => {
    third();
    edit("third", (t) => `${t}\n  : : broken`);
    expect(() => loadSites()).toThrow(/third\/site.yaml: YAML 문법 오류입니다/);
  });

  test("a folder whose id differs from its name, and two complexes on one host, are refused", () => {
    third("fourth", "raumheim-pyeongchon.example.com");
    expect(() => loadSites()).toThrow(/호스트 raumheim-pyeongchon.example.com를 두 단지/);
    edit("fourth", (t) => t.replace(/^id: fourth$/m, "id: fifth"));
    expect(() => loadSites()).toThrow(/id "fifth"가 폴더 이름\(fourth\)과 다릅니다/);
  });

  test("picture sizes come from the files; a supplied JPEG replaces the slot's drawing", async () => {
    third();
    mkdirSync(join(root, "third", "images", "photo"), { recursive: true });
    const anyang = loadSite(join(root, "anyang"));
    expect(anyang.identity.logo!.width).toBeGreaterThan(0);
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#345" } })
      .jpeg()
      .toFile(join(root, "third", "images", "photo", "home-hero-wide.jpg"));
    const site = loadSite(join(root, "third"));
    expect(site.home.hero.wide).toMatchObject({
      src: "sites/third/photo/home-hero-wide.jpg",
      width: 1600,
      height: 900,
    });
    expect(imageUrl(site.home.hero.wide, 750, "avif")).toBe(
      "/img/sites/third/photo/home-hero-wide-750.avif",
    );
  });

  test("a slot drawn from the data by the build is that complex's drawing, unless it supplies one", async () => {
    third();
    process.env.ARTWORK_DIR = join(root, ".artwork");
    try {
      const drawn = join(root, ".artwork", "third", "photo");
      mkdirSync(drawn, { recursive: true });
      writeFileSync(join(drawn, "home-hero-wide.svg"), "<svg/>");
      writeFileSync(join(drawn, "home-hero-tall.svg"), "<svg/>");
      const site = loadSite(join(root, "third"));
      expect(site.home.hero.wide.src).toBe("art/third/photo/home-hero-wide.svg");
      expect(imageUrl(site.home.hero.wide, 750, "webp")).toBe(
        "/img/art/third/photo/home-hero-wide-750.webp",
      );
      // Another complex's drawing is never used.
      expect(loadSite(join(root, "anyang")).home.hero.wide.src).not.toContain("third");
      mkdirSync(join(root, "third", "images", "photo"), { recursive: true });
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#345" } })
        .png()
        .toFile(join(root, "third", "images", "photo", "home-hero-tall.png"));
      const supplied = loadSite(join(root, "third"));
      expect(supplied.home.hero.tall.src).toBe("sites/third/photo/home-hero-tall.png");
      expect(supplied.home.hero.wide.src).toBe("art/third/photo/home-hero-wide.svg");
    } finally {
      delete process.env.ARTWORK_DIR;
    }
  });

  test("the logo and share image are the complex's own file, else drawn from its identity, never another's", async () => {
    third();
    // A copy without the sample's own pictures (as `npm run sites -- new` makes it).
    rmSync(join(root, "third", "images", "brand"), { recursive: true });
    rmSync(join(root, "third", "images", "photo", "og-image.svg"));
    const copy = loadSite(join(root, "third"));
    const anyang = loadSite(join(root, "anyang"));
    expect(anyang.identity.logo!.src).toBe("sites/anyang/brand/logo.svg");
    expect(copy.identity.logo).toMatchObject({ width: 180, height: 40 });
    expect(copy.identity.logo!.src).toMatch(/^media\/[0-9a-f]{16}-180x40\.svg$/);
    expect(copy.seo.ogImage).toMatchObject({ width: 1200, height: 630 });
    expect(copy.seo.ogImage.src).toMatch(/^media\/[0-9a-f]{16}-1200x630\.jpg$/);
    // Its text is the name it shows, not the copied slot's.
    expect(copy.seo.ogImage.alt).toBe(`${copy.identity.name} 대표 이미지`);
    // Even a slot naming the sample's file: the copy draws its own.
    edit("third", (t) => t.replace("src: brand/logo.svg", "src: sites/anyang/brand/logo.svg"));
    expect(loadSite(join(root, "third")).identity.logo!.src).toBe(copy.identity.logo!.src);
    // No logo named at all (로고 is optional): the same drawing, not the name in letters.
    edit("third", (t) => t.replace(/^ {2}logo:\n {4}src: .*\n {4}alt: .*\n/m, ""));
    expect(loadSite(join(root, "third")).identity.logo).toMatchObject({
      src: copy.identity.logo!.src,
      alt: copy.identity.name,
      width: 180,
      height: 40,
    });

    // Another name or colour, another drawing; the share image follows the hero too.
    edit("third", (t) => t.replace(/^ {2}name: .*$/m, "  name: 동탄 레이크 센트럴"));
    const renamed = loadSite(join(root, "third"));
    expect(renamed.identity.logo!.src).not.toBe(copy.identity.logo!.src);
    expect(renamed.seo.ogImage.src).not.toBe(copy.seo.ogImage.src);
    edit("third", (t) => t.replace(/^ {2}color: .*$/m, '  color: "#16392f"'));
    expect(loadSite(join(root, "third")).identity.logo!.src).not.toBe(renamed.identity.logo!.src);

    // The build's drawing of it, then a file of its own, then an upload: each wins over the next.
    process.env.ARTWORK_DIR = join(root, ".artwork");
    try {
      mkdirSync(join(root, ".artwork", "third", "brand"), { recursive: true });
      writeFileSync(
        join(root, ".artwork", "third", "brand", "drawn-logo.svg"),
        '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40"/>',
      );
      expect(loadSite(join(root, "third")).identity.logo!.src).toBe(
        "art/third/brand/drawn-logo.svg",
      );
      mkdirSync(join(root, "third", "images", "brand"), { recursive: true });
      writeFileSync(
        join(root, "third", "images", "brand", "logo.svg"),
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"/>',
      );
      // Its own file counts once the document names it.
      expect(loadSite(join(root, "third")).identity.logo!.src).toBe(
        "art/third/brand/drawn-logo.svg",
      );
      edit("third", (t) =>
        t.replace(
          /^ {2}brand: .*$/m,
          (line) => `${line}\n  logo:\n    src: brand/logo.svg\n    alt: "{단지명}"`,
        ),
      );
      expect(loadSite(join(root, "third")).identity.logo).toMatchObject({
        src: "sites/third/brand/logo.svg",
        width: 200,
      });
      const upload = "media/0123456789abcdef-300x60.svg";
      edit("third", (t) => t.replace("src: brand/logo.svg", `src: ${upload}`));
      expect(loadSite(join(root, "third")).identity.logo!.src).toBe(upload);
    } finally {
      delete process.env.ARTWORK_DIR;
    }
  });

  test("a picture that is neither supplied nor shared is named", () => {
    third();
    edit("third", (t) => t.replace("src: photo/banner-default.svg", "src: photo/none.svg"));
    expect(() => loadSite(join(root, "third"))).toThrow(
      /images\.bannerDefault\.src "photo\/none.svg": 이미지 파일이 없습니다/,
    );
  });
});

describe("the complex a host name asks for", () => {
  test("a configured host (with or without port), <id>.localhost on any port, else the default", () => {
    third();
    expect(siteForHost("third.example.com").id).toBe("third");
    expect(siteForHost("THIRD.example.com:8443").id).toBe("third");
    expect(siteForHost("third.localhost:5173").id).toBe("third");
    expect(siteForHost("anyang.localhost").id).toBe("anyang");
    expect(siteForHost("nobody.example.net").id).toBe("anyang");
    expect(siteForHost("nothing.localhost:3000").id).toBe("anyang");
    expect(siteForHost(undefined).id).toBe("anyang");
  });

  test("a host is looked up as requests name it: any case, one trailing dot, punycode", () => {
    third();
    const sites = loadSites(root);
    const listed = sites.map((s) =>
      s.id === "third"
        ? { ...s, hosts: ["Foo.Example.com", "분양.example.com", "bar.example.com."] }
        : s,
    );
    resetSites(listed);
    expect(siteForHost("foo.example.com").id).toBe("third");
    expect(siteForHost("foo.example.com.:8443").id).toBe("third");
    expect(siteForHost("xn--sr3b80m.example.com").id).toBe("third");
    expect(siteForHost("bar.example.com").id).toBe("third");
    expect(siteForHost("suwon.localhost.:3000").id).toBe("suwon");
    expect(siteForHost("Suwon.Localhost.").id).toBe("suwon");
  });

  test("behind one wildcard domain (SITES_DOMAIN), <id>.<domain> is that complex", () => {
    third("third", "third.example.com");
    process.env.SITES_DOMAIN = "bunyang-agency.kr";
    try {
      expect(siteForHost("suwon.bunyang-agency.kr").id).toBe("suwon");
      expect(siteForHost("nobody.bunyang-agency.kr").id).toBe("anyang");
      expect(siteForHost("suwon.elsewhere.kr").id).toBe("anyang");
    } finally {
      delete process.env.SITES_DOMAIN;
    }
  });

  test("DEFAULT_SITE picks the complex answered for other hosts", () => {
    third();
    process.env.DEFAULT_SITE = "third";
    expect(defaultSite().id).toBe("third");
    expect(siteForHost("nobody.example.net").id).toBe("third");
    expect(siteForHost("anyang.localhost").id).toBe("anyang");
  });
});

describe("a host with its scheme (issue 39, item 7)", () => {
  /** The sample complexes, `third` answering on `hosts`. */
  function thirdOn(hosts: string[]) {
    third();
    resetSites(loadSites(root).map((s) => (s.id === "third" ? { ...s, hosts } : s)));
    return siteById("third")!;
  }

  test("a host typed with http:// is the origin of canonical, sitemap and og:url; requests still find it by host", () => {
    const site = thirdOn(["http://dongtan.example.com:4100"]);
    expect(siteOrigin(site)).toBe("http://dongtan.example.com:4100");
    expect(siteForHost("dongtan.example.com:4100").id).toBe("third");
  });

  test("without a scheme: https, but http for *.localhost, localhost and IP addresses (old entries keep working)", () => {
    expect(siteOrigin(thirdOn(["dongtan.localhost:4100"]))).toBe("http://dongtan.localhost:4100");
    expect(siteOrigin(thirdOn(["127.0.0.1:4100"]))).toBe("http://127.0.0.1:4100");
    expect(siteOrigin(thirdOn(["localhost:4100"]))).toBe("http://localhost:4100");
    expect(siteOrigin(thirdOn(["third.example.com"]))).toBe("https://third.example.com");
    expect(siteOrigin(thirdOn(["https://third.localhost:4100"]))).toBe(
      "https://third.localhost:4100",
    );
    expect(siteForHost("third.example.com").id).toBe("anyang");
  });

  test("a file may list a host with its scheme; the same host twice is refused with or without it", () => {
    third("third", "http://third.example.com:8080");
    expect(siteForHost("third.example.com:8080").id).toBe("third");
    expect(siteOrigin(siteById("third")!)).toBe("http://third.example.com:8080");
    third("fourth", "https://third.example.com:8080");
    expect(() => loadSites(root)).toThrow(/third\.example\.com:8080/);
  });
});

describe("the editor's schema", () => {
  test("sites/site.schema.json is the schema's own (npm run sites -- schema)", () => {
    const written: unknown = JSON.parse(readFileSync("sites/site.schema.json", "utf8"));
    expect(written).toEqual(JSON.parse(JSON.stringify(siteJsonSchema())));
  });
});

describe("an uploaded picture in a complex's data", () => {
  test("is already resolved: its size comes from its name, no file is looked for", () => {
    third();
    edit("third", (t) =>
      t.replace(
        "      src: photo/home-hero-wide.svg\n      width: 1920\n      height: 1200\n",
        "      src: media/0123456789abcdef-4000x3000.jpg\n",
      ),
    );
    const site = loadSite(join(root, "third"));
    expect(site.home.hero.wide).toMatchObject({
      src: "media/0123456789abcdef-4000x3000.jpg",
      width: 4000,
      height: 3000,
    });
    expect(imageUrl(site.home.hero.wide, 750, "avif")).toBe("/media/c/0123456789abcdef-750.avif");
  });
});

test("inside a preview's render the complex is its draft; other complexes, and everything after it, see the registry", async () => {
  const anyang = siteById("anyang")!;
  const draft = { ...anyang, identity: { ...anyang.identity, name: "초안 이름" } };
  const seen = await withSiteOverride(draft, async () => {
    // Other complexes are what the registry holds.
    const other = new Promise<string>((resolve) =>
      setImmediate(() => resolve(siteById("suwon")!.identity.name)),
    );
    await Promise.resolve();
    return {
      byHost: siteForHost("anyang.localhost:3000").identity.name,
      byId: siteById("anyang")!.identity.name,
      other: await other,
    };
  });
  expect(seen).toEqual({
    byHost: "초안 이름",
    byId: "초안 이름",
    other: siteById("suwon")!.identity.name,
  });
  expect(siteById("anyang")!.identity.name).toBe(anyang.identity.name);
  expect(siteForHost("anyang.localhost").identity.name).toBe(anyang.identity.name);
});
