import { Link } from "react-router";
import type { PremiumCard } from "~/content/schema";
import { Picture } from "~/components/layout/picture";

/*
 * The four PREMIUM cards. Wide screens show every line; on a phone each card shows its artwork and
 * title and expands on tap to its two text lines. The cards fold only once app/enhance/home.ts
 * runs on a narrow screen (it turns each title into the card's toggle button and shows the hint),
 * so without JavaScript every line stays visible.
 */
export function PremiumCards({ cards, hint }: { cards: PremiumCard[]; hint: string }) {
  return (
    <div data-premium-cards="">
      <p className="premium-hint" hidden>
        {hint}
      </p>
      <ul className="premium-cards">
        {cards.map((card, i) => (
          <li key={card.title} className="premium-card" data-expanded="true">
            <Picture image={card.image} sizes="(max-width: 900px) calc(100vw - 40px), 25vw" />
            <div className="premium-card-text">
              <p className="premium-card-no">{`PREMIUM ${String(i + 1).padStart(2, "0")}`}</p>
              <h3 className="premium-card-title">{card.title}</h3>
              <div id={`premium-card-body-${i + 1}`} className="premium-card-body">
                <p>{card.text1}</p>
                <p>{card.text2}</p>
              </div>
              <Link to={card.link} className="premium-card-link">
                {card.linkText}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
