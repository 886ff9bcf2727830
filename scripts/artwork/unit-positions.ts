/**
 * Draws the unit-position plan (동호수배치도, content.infoPages.unitPositions.image) from
 * content.infoPages.unitPositions, so the drawing and the table on /ComplexGuide/detailintro
 * always agree.
 */
import type { Content } from "../../app/content/schema";
import { FONT, svgText, type ArtworkFile } from "./svg";

const NAVY = "#0f1f3d";
/** The drawing as SVG text. */
export function drawUnitPositions(content: Content): string {
  const plan = content.infoPages.unitPositions;
  const { width: W, height: H } = plan.image;
  const label = (key: string) => content.unitTypes.find((u) => u.key === key)?.label ?? key;
  const color = (key: string) => plan.typeColors.find((t) => t.type === key)?.color ?? "#ffffff";

  const out: string[] = [];
  const add = (s: string) => out.push(s);
  const text = (...args: Parameters<typeof svgText>) => add(svgText(...args));

  add(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
  );
  add(`<title>${content.identity.name} 동호수배치도</title>`);
  add(`<rect width="${W}" height="${H}" fill="#f5f4f0"/>`);

  // Legend strip: one chip per unit type.
  const chipW = 150;
  const legendX = (W - plan.typeColors.length * chipW) / 2;
  add(
    `<rect x="40" y="28" width="${W - 80}" height="64" rx="12" fill="#ffffff" stroke="#e3e5ea"/>`,
  );
  plan.typeColors.forEach((t, i) => {
    const x = legendX + i * chipW;
    add(
      `<rect x="${x + 14}" y="48" width="30" height="24" rx="5" fill="${t.color}" stroke="${NAVY}" stroke-opacity=".35"/>`,
    );
    text(x + 54, 67, label(t.type), 20, 800, NAVY, "start");
  });

  // Grounds: the complex, the central plaza and the road in front.
  add(`<rect x="40" y="120" width="${W - 80}" height="${H - 230}" rx="18" fill="#dcebd0"/>`);
  add(`<ellipse cx="${W / 2}" cy="${(H - 110) / 2 + 60}" rx="260" ry="64" fill="#ebe3d2"/>`);
  text(W / 2, (H - 110) / 2 + 68, "중앙 숲광장", 20, 800, "#6b4f22");
  add(`<rect x="0" y="${H - 90}" width="${W}" height="90" fill="#ffffff"/>`);
  add(
    `<line x1="0" y1="${H - 45}" x2="${W}" y2="${H - 45}" stroke="#e6c98f" stroke-width="3" stroke-dasharray="30 20"/>`,
  );
  text(W / 2, H - 18, "시민대로 (남측)", 18, 700, "#5b6270");

  // Buildings: north row first, then south row, each line a coloured cell.
  const perRow = Math.ceil(plan.buildings.length / 2);
  const cellW = 84;
  const cellH = 132;
  const gap = 40;
  plan.buildings.forEach((b, i) => {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const lines = [...b.lines].sort((p, q) => p.line - q.line);
    const towerW = lines.length * cellW;
    const rowW = perRow * 4 * cellW + (perRow - 1) * gap;
    const x0 = (W - rowW) / 2 + col * (4 * cellW + gap) + ((4 - lines.length) * cellW) / 2;
    const y0 = row === 0 ? 206 : H - 110 - 80 - cellH;
    // Name tag
    add(`<rect x="${x0}" y="${y0 - 50}" width="${towerW}" height="40" rx="8" fill="${NAVY}"/>`);
    text(x0 + 16, y0 - 23, b.name, 22, 800, "#ffffff", "start");
    text(x0 + towerW - 16, y0 - 24, `지상 ${b.floors}층`, 16, 700, "#d9bd8c", "end");
    // Shadow and cells
    add(
      `<rect x="${x0 + 6}" y="${y0 + 8}" width="${towerW}" height="${cellH}" rx="6" fill="${NAVY}" opacity=".18"/>`,
    );
    lines.forEach((l, j) => {
      const x = x0 + j * cellW;
      add(
        `<rect x="${x}" y="${y0}" width="${cellW}" height="${cellH}" fill="${color(l.type)}" stroke="${NAVY}" stroke-width="2"/>`,
      );
      text(x + cellW / 2, y0 + 28, `${l.line}호`, 16, 700, "#3c424d");
      text(x + cellW / 2, y0 + 72, label(l.type), 22, 800, NAVY);
      text(x + cellW / 2, y0 + 108, `${l.from}~${l.to}층`, 14, 600, "#3c424d");
    });
    add(
      `<rect x="${x0}" y="${y0}" width="${towerW}" height="${cellH}" fill="none" stroke="${NAVY}" stroke-width="4"/>`,
    );
  });

  // North arrow and note
  add(
    `<g transform="translate(${W - 80} ${H - 150})"><circle r="26" fill="#ffffff" stroke="${NAVY}" stroke-width="2"/>` +
      `<path d="M0 -19 L8 6 L0 1 L-8 6 Z" fill="${NAVY}"/><text x="0" y="20" text-anchor="middle" ${FONT} font-size="11" font-weight="800" fill="${NAVY}">N</text></g>`,
  );
  text(64, H - 140, "각 칸: 호 라인 · 주택형 · 해당 층", 15, 600, "#3c424d", "start");
  add("</svg>");
  return out.join("\n") + "\n";
}

/** The unit-position plan as a file under assets/images/. */
export function drawUnitPositionsFile(content: Content): ArtworkFile[] {
  return [{ path: content.infoPages.unitPositions.image.src, svg: drawUnitPositions(content) }];
}
