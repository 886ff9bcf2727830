import { useId, useState } from "react";
import { Link } from "react-router";
import type { PremiumCard } from "~/content";
import { Picture } from "~/components/layout/picture";
import { NARROW_QUERY, useMediaQuery } from "./use-media-query";

/*
 * The four PREMIUM cards. Wide screens show every line; on a phone each card shows its artwork and
 * title and expands on tap to its two text lines. The cards fold only once the page is live on a
 * narrow screen, so without JavaScript every line stays visible.
 */
export function PremiumCards({ cards, hint }: { cards: PremiumCard[]; hint: string }) {
  const narrow = useMediaQuery(NARROW_QUERY) === true;
  const [open, setOpen] = useState<Set<number>>(new Set());
  const id = useId();
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  return (
    <>
      {narrow ? <p className="premium-hint">{hint}</p> : null}
      <ul className="premium-cards">
        {cards.map((card, i) => {
          const number = `PREMIUM ${String(i + 1).padStart(2, "0")}`;
          const expanded = !narrow || open.has(i);
          const bodyId = `${id}-${i}`;
          return (
            <li
              key={card.title}
              className="premium-card"
              data-expanded={expanded ? "true" : "false"}
              onClick={(event) => {
                // A tap anywhere on a folded card opens it (the title button is the keyboard's way).
                if (narrow && !(event.target as Element).closest("a, button")) toggle(i);
              }}
            >
              <Picture image={card.image} sizes="(max-width: 900px) 100vw, 25vw" />
              <div className="premium-card-text">
                <p className="premium-card-no">{number}</p>
                <h3 className="premium-card-title">
                  {narrow ? (
                    <button
                      type="button"
                      className="premium-card-toggle"
                      aria-expanded={expanded}
                      aria-controls={bodyId}
                      onClick={() => toggle(i)}
                    >
                      {card.title}
                    </button>
                  ) : (
                    card.title
                  )}
                </h3>
                <div id={bodyId} className="premium-card-body" hidden={!expanded}>
                  <p>{card.text1}</p>
                  <p>{card.text2}</p>
                </div>
                <Link to={card.link} className="premium-card-link">
                  {card.linkText}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
