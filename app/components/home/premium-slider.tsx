import type { Image } from "~/content/schema";
import { Picture } from "~/components/layout/picture";

type Slide = { image: Image; title: string; text: string };

/** The track's id, named by the controls the carousel adds (there is one slider on the page). */
const TRACK_ID = "premium-slider-track";

/**
 * The premium slider of the phone layout. Until its accordion is first opened (and without
 * JavaScript) the slides are a row that scrolls sideways with snap points; then the carousel
 * (app/enhance/home/premium-slider.ts, Embla) takes over the same markup and adds its controls.
 */
export function PremiumSlider({ slides, label }: { slides: Slide[]; label: string }) {
  return (
    <div
      className="slider"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-premium-slider=""
    >
      <div className="slider-viewport">
        <div className="slider-track" id={TRACK_ID}>
          {slides.map((slide, i) => (
            <div
              key={slide.title}
              className="slider-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${slides.length}: ${slide.title}`}
            >
              <Picture image={slide.image} sizes="(max-width: 900px) 90vw, 480px" />
              <div className="slider-text">
                <p className="slider-no">
                  {String(i + 1).padStart(2, "0")}
                  <span aria-hidden="true"> / {String(slides.length).padStart(2, "0")}</span>
                </p>
                <h3 className="slider-title">{slide.title}</h3>
                <p>{slide.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
