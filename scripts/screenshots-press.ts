/**
 * Screenshots of the press section and the administrator's pages with sample content, signed out
 * and signed in, at phone (390 px) and desktop (1440 px) width, for a person to look at.
 * Usage: npm run build && tsx scripts/screenshots-press.ts [--full]
 * Writes screenshots/press-*.png (not committed).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { BrowserContext } from "playwright-core";
import { launchBrowser, openPage } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/server";
import { requireSite } from "../app/sites/registry.server";

const full = process.argv.includes("--full");
const EMAIL = "editor@example.com";
const PASSWORD = "screenshot-password-1";
mkdirSync("screenshots", { recursive: true });

// Sample content, written through the services into the data folder the server will use.
const dataDir = mkdtempSync(join(tmpdir(), "press-shots-"));
process.env.DATA_DIR = dataDir;
const { closeDb } = await import("../app/db/db.server");
const { createPost } = await import("../app/press/posts.server");
const { renderPhoto } = await import("../app/press/photos.server");
const { createLead } = await import("../app/leads/leads.server");
const now = Date.now();
const photo = await renderPhoto(
  await sharp({
    create: { width: 1600, height: 900, channels: 3, background: "#24406e" },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="900"><rect x="120" y="380" width="1360" height="420" fill="#d9bd8c"/><rect x="300" y="160" width="260" height="640" fill="#f5f4f0"/><rect x="700" y="80" width="300" height="720" fill="#e3e5ea"/><rect x="1100" y="220" width="240" height="580" fill="#f5f4f0"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer(),
);
if (!photo.ok) throw new Error(photo.message);
const base = {
  body: "",
  sourceName: "",
  sourceUrl: "",
  pressDate: "2026-03-02",
  publish: "now" as const,
  publishAt: null,
};
const titles = [
  "평촌 센트럴, 견본주택 개관 첫 주말 2만 명 방문",
  "안양 평촌동 934번지 일원 48층 랜드마크 단지 분양 개시",
  "GTX-C 인덕원역 정차 확정, 평촌 일대 교통 호재",
  "라움하임 브랜드, 올해 주거 만족도 조사 1위",
  "평촌 학원가 도보권 단지, 학부모 관심 집중",
  "커뮤니티 시설 설계 공개: 실내 수영장과 독서실",
  "1순위 청약 일정 안내와 자격 요건 정리",
  "모델하우스 사전 방문 예약제 운영",
  "단지 조경 설계, 국제 디자인 어워드 수상",
  "분양가 상한제 적용 단지로 가격 경쟁력 주목",
  "입주자 모집공고 게시 예정",
  "평촌 센트럴 특별공급 안내",
];
for (const [i, title] of titles.entries()) {
  await createPost(
    "anyang",
    "anyang",
    {
      ...base,
      title,
      summary: `${title}. 자세한 내용은 본문을 확인해 주세요.`,
      body: "첫 문단입니다. 보도 내용을 한 줄에 한 문단씩 적습니다.\n둘째 문단입니다. <b>태그</b>는 글자 그대로 보입니다.\n\n셋째 문단입니다.",
      sourceName: i % 2 ? "한국경제" : "매일경제",
      sourceUrl: "https://example.com/news/1",
    },
    {
      photo: i % 3 === 0 ? photo.photo : null,
      now: new Date(now - (titles.length - i) * 3600_000),
    },
  );
}
await createPost(
  "anyang",
  "anyang",
  {
    ...base,
    title: "예약 게시 예정 보도자료",
    summary: "내일 오전 9시에 게시됩니다.",
    publish: "schedule",
    publishAt: new Date(now + 86400_000).toISOString(),
  },
  { now: new Date(now) },
);
await createPost(
  "anyang",
  "anyang",
  {
    ...base,
    title: "작성 중인 임시저장 글",
    summary: "아직 게시하지 않았습니다.",
    publish: "draft",
  },
  { now: new Date(now) },
);
process.env.LEADS_RATE_LIMIT = "1000";
for (const [i, name] of ["홍길동", "김영희", "이철수", "박민준", "최서연"].entries()) {
  await createLead(
    requireSite("anyang"),
    {
      kind: i % 2 ? "inquiry" : "visit",
      name,
      phone: `010-1234-${String(5678 + i).padStart(4, "0")}`,
      message: i % 2 ? "84A 타입 잔여 세대와 중도금 대출 조건이 궁금합니다." : "",
      privacyConsent: true,
      smsConsent: i % 2 === 0,
      visitSlot: null,
    },
    { ip: `10.0.0.${i}`, source: i % 2 ? "/Promotion/Customer" : "/register" },
    new Date(now - i * 7200_000),
  );
}
await closeDb();

const server = await startServer({ ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD }, { dataDir });
const browser = await launchBrowser();
const postPath = async () => {
  const html = await (await fetch(`${server.url}/anyang/press`)).text();
  return /href="(\/anyang\/press\/[a-z0-9]{12})"/.exec(html)![1]!;
};
async function signIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("이메일").fill(EMAIL);
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "로그인" }).click();
  await page.waitForURL(`${server.url}/admin`);
  await page.close();
}
try {
  const detail = await postPath();
  const shots: { name: string; path: string; admin: boolean; hash?: string }[] = [
    { name: "list", path: "/anyang/press", admin: false },
    { name: "list-signin", path: "/anyang/press", admin: false, hash: ".sign-in" },
    { name: "detail", path: detail, admin: false },
    { name: "list-admin", path: "/anyang/press", admin: true },
    { name: "write-form", path: "/anyang/press", admin: true, hash: "#press-write" },
    { name: "admin-home", path: "/admin", admin: true },
    { name: "admin-press", path: "/admin/press", admin: true },
    { name: "admin-new", path: "/admin/press/new", admin: true },
    { name: "admin-edit", path: `/admin/press/${detail.split("/").pop()}`, admin: true },
    { name: "admin-leads", path: "/admin/leads", admin: true },
    { name: "admin-login", path: "/admin/login", admin: false },
  ];
  for (const width of [390, 1440]) {
    for (const admin of [false, true]) {
      const { context, page, errors } = await openPage(browser, {
        width,
        height: width < 900 ? 844 : 900,
      });
      if (admin) await signIn(context);
      for (const shot of shots.filter((s) => s.admin === admin)) {
        await page.goto(server.url + shot.path, { waitUntil: "networkidle" });
        if (shot.hash) await page.locator(shot.hash).scrollIntoViewIfNeeded();
        await page.waitForTimeout(600);
        await page.screenshot({
          path: `screenshots/press-${shot.name}-${width}.png`,
          fullPage: full,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) console.log(`overflow ${overflow}px at ${width}: ${shot.path}`);
      }
      if (errors.length) console.log(`page errors at ${width}:`, errors);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log("press screenshots written to screenshots/press-*.png");
