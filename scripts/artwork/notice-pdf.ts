/**
 * The sample recruitment notice (입주자 모집공고) of a complex, as a PDF of four A4 pages made from
 * its content: the project overview, the supply by unit type (unitTypes: areas, households), the
 * sale schedule (infoPages.schedule) and the notes. `npm run images` writes it to
 * `.artwork/<id>/notice.pdf` with its pages drawn by the same code as an upload's
 * (app/media/pdf.server.ts), and `announcement.document` in site.yaml names it with its bytes and
 * page sizes (scripts/artwork/notice-pdf.test.ts holds them together).
 *
 * Korean text is set in Pretendard (OFL, node_modules/pretendard), embedded as a subset of the
 * glyphs used. The file is the same on every run: no dates, producer or random font-name suffix.
 */
import fontkit from "@pdf-lib/fontkit";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import subsetFont from "subset-font";
import type { Content, Milestone } from "../../app/content/schema";
import { formatKoreanLongDay } from "../../app/lib/korean-time";
import { figure, householdsText, PENDING } from "../../app/lib/figures";

/** The file under `.artwork/<id>/`, and so its `src`: `art/<id>/notice.pdf`. */
export const NOTICE_FILE = "notice.pdf";

const A4 = [595.28, 841.89] as const;
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const NAVY = rgb(0.09, 0.2, 0.38);
const RULE = rgb(0.72, 0.74, 0.78);
const SHADE = rgb(0.93, 0.94, 0.96);

function pretendard(weight: "Regular" | "Bold"): Uint8Array {
  const dir = dirname(createRequire(import.meta.url).resolve("pretendard/package.json"));
  return withoutSubstitutions(
    readFileSync(join(dir, `dist/public/static/alternative/Pretendard-${weight}.ttf`)),
  );
}

/**
 * The font without its glyph substitutions (its GSUB table renamed, so fontkit finds none).
 * pdf-lib lays text out with fontkit, which swaps a colon or dash next to digits for Pretendard's
 * raised alternates, but writes the widths of the plain glyphs only: an alternate then takes a
 * full em in a PDF reader ("09:   00"). Korean and these notices need no substitution.
 */
function withoutSubstitutions(font: Uint8Array): Uint8Array {
  const bytes = Uint8Array.from(font);
  const view = new DataView(bytes.buffer);
  const tables = view.getUint16(4);
  for (let i = 0; i < tables; i++) {
    const at = 12 + 16 * i;
    if (String.fromCharCode(...bytes.subarray(at, at + 4)) === "GSUB")
      bytes.set([0x78, 0x73, 0x75, 0x62], at);
  }
  return bytes;
}

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Writes pages top to bottom, starting a new page when the next block would not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    private fonts: Fonts,
    private title: string,
    /** Every character drawn (the font is cut down to them). */
    readonly used: Set<string>,
  ) {}

  text(text: string, options: Parameters<PDFPage["drawText"]>[1], page = this.page) {
    for (const char of text) this.used.add(char);
    page.drawText(text, options);
  }

  newPage() {
    this.page = this.doc.addPage([...A4]);
    this.y = A4[1] - MARGIN;
    this.text(this.title, {
      x: MARGIN,
      y: this.y - 9,
      size: 9,
      font: this.fonts.regular,
      color: RULE,
    });
    this.y -= 30;
  }

  need(height: number) {
    if (this.y - height < MARGIN + 30) this.newPage();
  }

  /** Lines of `text` no wider than `width` at `size` (Korean breaks anywhere; figures, times and Latin words at spaces). */
  lines(text: string, size: number, width: number, font = this.fonts.regular): string[] {
    const out: string[] = [];
    let line = "";
    for (const char of text) {
      const next = line + char;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        const space = line.lastIndexOf(" ");
        const latin = /[^\s가-힣]$/.test(line) && /[^\s가-힣]/.test(char);
        if (latin && space > 0) {
          out.push(line.slice(0, space));
          line = line.slice(space + 1) + char;
        } else if (/[.,)]/.test(char) && line.length > 1) {
          // Punctuation never starts a line: the character before it goes along.
          out.push(line.slice(0, -1));
          line = line.slice(-1) + char;
        } else {
          out.push(line);
          line = char === " " ? "" : char;
        }
      } else line = next;
    }
    if (line) out.push(line);
    return out;
  }

  heading(text: string) {
    this.need(60);
    this.y -= 10;
    this.page.drawRectangle({ x: MARGIN, y: this.y - 4, width: 4, height: 18, color: NAVY });
    this.text(text, { x: MARGIN + 12, y: this.y, size: 15, font: this.fonts.bold, color: NAVY });
    this.y -= 26;
  }

  paragraph(text: string, { size = 10, indent = 0, bullet = "" } = {}) {
    const lines = this.lines(text, size, WIDTH - indent - (bullet ? 12 : 0));
    const leading = size * 1.6;
    this.need(lines.length * leading);
    lines.forEach((line, i) => {
      if (bullet && i === 0)
        this.text(bullet, {
          x: MARGIN + indent,
          y: this.y,
          size,
          font: this.fonts.regular,
          color: INK,
        });
      this.text(line, {
        x: MARGIN + indent + (bullet ? 12 : 0),
        y: this.y,
        size,
        font: this.fonts.regular,
        color: INK,
      });
      this.y -= leading;
    });
    this.y -= 4;
  }

  /** A table: a shaded header row, then rows; `widths` are fractions of the page's width. */
  table(header: string[], rows: string[][], widths: number[], { lastBold = false } = {}) {
    const size = 9.5;
    const pad = 6;
    const cols = widths.map((w) => w * WIDTH);
    const draw = (cells: string[], shaded: boolean, bold: boolean) => {
      const font = bold ? this.fonts.bold : this.fonts.regular;
      const wrapped = cells.map((c, i) => this.lines(c, size, cols[i]! - 2 * pad, font));
      const height = Math.max(...wrapped.map((l) => l.length)) * size * 1.45 + 2 * pad;
      this.need(height);
      let x = MARGIN;
      if (shaded)
        this.page.drawRectangle({ x, y: this.y - height, width: WIDTH, height, color: SHADE });
      wrapped.forEach((lines, i) => {
        lines.forEach((line, j) =>
          this.text(line, {
            x: x + pad,
            y: this.y - pad - size - j * size * 1.45 + 2,
            size,
            font,
            color: INK,
          }),
        );
        x += cols[i]!;
      });
      this.page.drawLine({
        start: { x: MARGIN, y: this.y - height },
        end: { x: MARGIN + WIDTH, y: this.y - height },
        thickness: 0.6,
        color: RULE,
      });
      this.y -= height;
    };
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 1.2,
      color: NAVY,
    });
    draw(header, true, true);
    rows.forEach((row, i) => draw(row, false, lastBold && i === rows.length - 1));
    this.y -= 14;
  }
}

function when(m: Milestone) {
  if (!m.date) return "추후 공지";
  const days = m.endDate
    ? `${formatKoreanLongDay(m.date)} ~ ${formatKoreanLongDay(m.endDate)}`
    : formatKoreanLongDay(m.date);
  const hours = m.startTime ? ` ${m.startTime}${m.endTime ? ` ~ ${m.endTime}` : ""}` : "";
  return days + hours;
}

const area = (n: number) => n.toFixed(2);

/**
 * The notice's bytes, the same for the same content. Laid out twice: once with the whole fonts to
 * learn which characters are drawn, then with the fonts cut down to them by subset-font (the same
 * glyphs and widths, so the same layout). pdf-lib's own subsetting dropped most Korean glyphs.
 */
export async function noticePdf(content: Content): Promise<Uint8Array> {
  const full = { regular: pretendard("Regular"), bold: pretendard("Bold") };
  const used = new Set<string>();
  await layout(content, full, used);
  const chars = [...used].join("");
  const cut = {
    regular: withoutSubstitutions(await subsetFont(Buffer.from(full.regular), chars, TRUETYPE)),
    bold: withoutSubstitutions(await subsetFont(Buffer.from(full.bold), chars, TRUETYPE)),
  };
  const doc = await layout(content, cut, new Set());
  return doc.save({ useObjectStreams: true });
}

const TRUETYPE = { targetFormat: "truetype" } as const;

async function layout(
  content: Content,
  fontFiles: { regular: Uint8Array; bold: Uint8Array },
  used: Set<string>,
): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts: Fonts = {
    regular: await doc.embedFont(fontFiles.regular, { customName: "Pretendard-Regular" }),
    bold: await doc.embedFont(fontFiles.bold, { customName: "Pretendard-Bold" }),
  };
  const name = content.identity.name;
  const title = `${name} 입주자 모집공고`;
  doc.setTitle(title);
  doc.setAuthor(content.identity.developer);
  doc.setLanguage("ko-KR");
  const w = new Writer(doc, fonts, `${title} (견본)`, used);
  const milestones = content.infoPages.schedule.milestones;
  const announced =
    milestones.find((m) => m.key === "announcement")?.date ?? content.announcement.publishedAt;

  // 1. Title and project overview.
  w.newPage();
  w.y -= 20;
  for (const line of w.lines(title, 22, WIDTH, fonts.bold)) {
    w.text(line, { x: MARGIN, y: w.y, size: 22, font: fonts.bold, color: NAVY });
    w.y -= 32;
  }
  if (announced) w.paragraph(`공고일 ${formatKoreanLongDay(announced)}`, { size: 11 });
  w.paragraph(
    "이 문서는 분양 홈페이지의 견본 자료로, 실제 입주자 모집공고가 아닙니다. 청약 자격과 일정은 반드시 청약홈에 게시된 공식 입주자 모집공고로 확인하시기 바랍니다.",
    { size: 9.5 },
  );
  w.y -= 10;
  w.heading("1. 공급 개요");
  w.table(
    ["구분", "내용"],
    [...content.overviewRows.map((r) => [r.label, r.value]), ["입주 예정", content.project.moveIn]],
    [0.25, 0.75],
  );
  w.paragraph(
    `${content.identity.developer}이(가) 시행하고 ${content.identity.builder}이(가) 시공하는 ${name} ${figure(content.project.households, householdsText)}의 입주자를 다음과 같이 모집합니다.`,
  );

  // 2. Supply by unit type.
  w.newPage();
  w.heading("2. 주택형별 공급 내역");
  const units = content.unitTypes;
  w.table(
    ["주택형", "전용면적(㎡)", "공급면적(㎡)", "방 / 욕실", "공급 세대수"],
    [
      ...units.map((u) => [
        u.label,
        figure(u.exclusiveArea, area),
        figure(u.supplyArea, area),
        `${u.rooms ?? PENDING} / ${u.bathrooms ?? PENDING}`,
        figure(u.households, householdsText),
      ]),
      ["합계", "", "", "", householdsText(units.reduce((s, u) => s + (u.households ?? 0), 0))],
    ],
    [0.18, 0.2, 0.2, 0.18, 0.24],
    { lastBold: true },
  );
  w.paragraph(
    "주택형 표시는 전용면적 기준이며, 공급면적은 주거전용면적과 주거공용면적을 합한 면적입니다.",
    {
      size: 9.5,
      bullet: "※",
    },
  );
  w.paragraph(
    "면적은 소수점 셋째 자리에서 반올림하였으며, 실제 등기 면적과 차이가 있을 수 있습니다.",
    {
      size: 9.5,
      bullet: "※",
    },
  );

  // 3. Schedule.
  w.heading("3. 분양 일정");
  w.table(
    ["구분", "일시", "장소"],
    milestones.map((m) => [m.detail ? `${m.step} (${m.detail})` : m.step, when(m), m.place]),
    [0.25, 0.45, 0.3],
  );
  w.paragraph(
    "일정은 사업 주체와 관계 기관의 사정에 따라 변경될 수 있으며, 변경 시 홈페이지에 안내합니다.",
    {
      size: 9.5,
      bullet: "※",
    },
  );

  // 4. Notes.
  w.newPage();
  w.heading("4. 유의사항");
  const notes = [
    "청약 신청은 청약홈(www.applyhome.co.kr)에서 인터넷으로 하며, 신청 전 청약 자격과 순위를 반드시 확인하시기 바랍니다.",
    "당첨자 발표 후 정해진 기간 안에 계약하지 않으면 당첨이 취소되며, 당첨자로 관리되어 재당첨이 제한될 수 있습니다.",
    "특별공급과 일반공급에 중복 신청할 수 있으나, 특별공급에 당첨되면 일반공급 당첨은 무효가 됩니다.",
    "계약 시 필요한 서류는 공급 유형마다 다르니 분양 홈페이지의 당첨자 계약서류 안내를 확인하시기 바랍니다.",
    content.legal.adDisclaimer,
    ...content.legal.disclaimers,
  ];
  for (const note of notes) w.paragraph(note, { bullet: "•" });
  w.y -= 10;
  w.heading("5. 문의");
  w.table(
    ["구분", "내용"],
    [
      ["분양 문의", content.identity.phone],
      ["시행", content.identity.developer],
      ["시공", content.identity.builder],
    ],
    [0.25, 0.75],
  );

  // Page numbers.
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = `- ${i + 1} / ${pages.length} -`;
    const size = 9;
    w.text(
      label,
      {
        x: (A4[0] - fonts.regular.widthOfTextAtSize(label, size)) / 2,
        y: MARGIN - 16,
        size,
        font: fonts.regular,
        color: INK,
      },
      page,
    );
  });
  return doc;
}
