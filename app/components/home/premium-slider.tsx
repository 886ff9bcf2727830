import { lazy, Suspense, useEffect, useState, type Ref } from "react";
import type { Image } from "~/content";
import { Picture } from "~/components/layout/picture";

type Slide = { image: Image; title: string; text: string };
export type SliderProps = {
  slides: Slide[];
  label: string;
  /** False while the accordion holding the slider is closed. */
  active: boolean;
};

// The carousel (Embla and its autoplay) loads the first time the slider is shown: most visitors
// never open this accordion, and wide screens never show it.
const EmblaSlider = lazy(() =>
  import("./premium-slider-embla").then((m) => ({ default: m.EmblaSlider })),
);

/**
 * The premium slider of the phone layout. Until its accordion is first opened (and without
 * JavaScript) the slides are a row that scrolls sideways with snap points; then the carousel takes
 * over the same markup.
 */
export function PremiumSlider(props: SliderProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (props.active) setShown(true);
  }, [props.active]);
  const still = (
    <div className="slider" role="region" aria-roledescription="carousel" aria-label={props.label}>
      <SlideList slides={props.slides} />
    </div>
  );
  if (!shown) return still;
  return (
    <Suspense fallback={still}>
      <EmblaSlider {...props} SlideList={SlideList} />
    </Suspense>
  );
}

/** The slides' markup, shared by the still row and the carousel. */
export function SlideList({
  slides,
  viewportRef,
  trackId,
  live,
  selected,
}: {
  slides: Slide[];
  viewportRef?: Ref<HTMLDivElement>;
  trackId?: string;
  live?: "off" | "polite";
  /** The slide on screen once the carousel runs (the others are hidden from screen readers). */
  selected?: number;
}) {
  return (
    <div className="slider-viewport" ref={viewportRef}>
      <div className="slider-track" id={trackId} aria-live={live}>
        {slides.map((slide, i) => (
          <div
            key={slide.title}
            className="slider-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${slides.length}: ${slide.title}`}
            aria-hidden={selected !== undefined && i !== selected ? true : undefined}
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
  );
}
