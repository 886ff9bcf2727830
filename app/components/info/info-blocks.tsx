import type { ReactNode } from "react";
import type { Image } from "~/content/schema";
import { Picture } from "~/components/layout/picture";
import { drawingLink, ZoomableDrawing } from "~/components/media/zoomable-drawing";
import { KeepTogether } from "~/components/layout/keep-together";

/**
 * Building blocks of the information pages (brand, overview, location, complex, interior):
 * a titled section, a list of notices, and a drawing with a link to open it full size.
 */

export function InfoSection({
  id,
  title,
  eyebrow,
  intro,
  titleHidden = false,
  className,
  children,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  intro?: string;
  titleHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={["info-section", className].filter(Boolean).join(" ")} aria-labelledby={id}>
      <div className={titleHidden ? "sr-only" : "info-section-head reveal"}>
        {eyebrow ? <p className="info-eyebrow">{eyebrow}</p> : null}
        <h2 id={id} className="info-title">
          {title}
        </h2>
        {intro ? <p className="info-intro">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** Notices and disclaimers, each line starting with a reference mark. */
export function Notices({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section className="info-notices" aria-labelledby={id}>
      <h2 id={id} className="info-notices-title">
        {title}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <KeepTogether>{item}</KeepTogether>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A plan drawing (vector), shown at full width; a tap on it or on "크게 보기" opens the zoom viewer
 * (without JavaScript: the SVG file itself).
 */
export function PlanFigure({ image, caption }: { image: Image; caption?: ReactNode }) {
  return (
    <figure className="plan-figure">
      <div className="plan-figure-frame">
        <ZoomableDrawing image={image}>
          <Picture image={image} sizes="(max-width: 1240px) 100vw, 1200px" />
        </ZoomableDrawing>
      </div>
      <figcaption className="plan-figure-caption">
        {caption}
        <a {...drawingLink(image)} className="plan-zoom" target="_blank" rel="noopener">
          이미지 크게 보기<span className="sr-only"> (새 창)</span>
        </a>
      </figcaption>
    </figure>
  );
}

/** Columns of a wide legend: as many as fit (5), spread so that no row holds a lone entry. */
export function legendColumns(count: number, most = 5): number {
  for (let rows = Math.ceil(count / most); rows < count; rows++) {
    const cols = Math.ceil(count / rows);
    const last = count - (rows - 1) * cols;
    if (last >= 2 || last === cols) return cols;
  }
  return Math.min(count, most);
}

/** The legend of a plan drawing: a colour swatch (matching the artwork) and a label per entry. */
export function PlanLegend({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: { key: string; color: string; kind?: "area" | "line" | "point"; label: ReactNode }[];
}) {
  return (
    <section className="plan-legend" aria-labelledby={id}>
      <h2 id={id} className="plan-legend-title">
        {title}
      </h2>
      <ul style={{ "--legend-cols": legendColumns(items.length) } as React.CSSProperties}>
        {items.map((item) => (
          <li key={item.key}>
            <span
              className={`swatch swatch-${item.kind ?? "area"}`}
              style={{ "--swatch": item.color } as React.CSSProperties}
              aria-hidden="true"
            />
            {item.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
