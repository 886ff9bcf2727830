import { useCallback, useEffect, useId, useRef, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import type { SlideList as SlideListComponent, SliderProps } from "./premium-slider";

/** The specification: a slide every 6 s, a swipe counts from 50 px. */
export const SLIDE_INTERVAL_MS = 6000;
export const SWIPE_THRESHOLD_PX = 50;

/*
 * The premium slider of the phone layout: Embla moves, loops and animates the slides, and its
 * Autoplay plugin advances them every 6 s. Embla decides a drag by the finger's speed; the
 * specification decides by distance (over 50 px: next or previous, wrapping; under: stay), so the
 * slide Embla picked on release is corrected to that rule. Autoplay pauses while the slider has
 * focus or the pointer is over it, while its accordion is closed, and when the visitor presses the
 * pause button (WCAG 2.2.2) — until they press it again.
 */
export function EmblaSlider({
  slides,
  label,
  active,
  SlideList,
}: SliderProps & {
  /** The slides' markup (passed in, so this chunk does not import the page's). */
  SlideList: typeof SlideListComponent;
}) {
  // With reduced motion the slides change without sliding.
  const [still] = useState(() => window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  const [viewportRef, api] = useEmblaCarousel({ loop: true, duration: 28 }, [
    Autoplay({
      delay: SLIDE_INTERVAL_MS,
      jump: still,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  ]);
  const [selected, setSelected] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const id = useId();
  const playing = !!api && active && !userPaused && !focused && !hovered;

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on("select", onSelect).on("reInit", onSelect);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect);
    };
  }, [api]);

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [api, playing]);

  // The 50 px rule: where the drag started and where the pointer is when Embla lets go.
  const drag = useRef<{ x: number; y: number; index: number; endX: number; endY: number } | null>(
    null,
  );
  useEffect(() => {
    if (!api) return;
    const viewport = api.rootNode();
    const down = (e: PointerEvent) => {
      drag.current = {
        x: e.clientX,
        y: e.clientY,
        index: api.selectedScrollSnap(),
        endX: e.clientX,
        endY: e.clientY,
      };
    };
    const track = (e: PointerEvent) => {
      if (!drag.current) return;
      drag.current.endX = e.clientX;
      drag.current.endY = e.clientY;
    };
    const release = () => {
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      const dx = d.endX - d.x;
      const count = api.scrollSnapList().length;
      const swiped = Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(d.endY - d.y);
      const target = swiped ? (d.index + (dx < 0 ? 1 : -1) + count) % count : d.index;
      if (api.selectedScrollSnap() !== target) api.scrollTo(target, still);
      api.plugins().autoplay?.reset();
    };
    viewport.addEventListener("pointerdown", down);
    window.addEventListener("pointermove", track);
    window.addEventListener("pointerup", track);
    api.on("pointerUp", release);
    return () => {
      viewport.removeEventListener("pointerdown", down);
      window.removeEventListener("pointermove", track);
      window.removeEventListener("pointerup", track);
      api.off("pointerUp", release);
    };
  }, [api, still]);

  const goTo = useCallback((index: number) => api?.scrollTo(index, still), [api, still]);

  return (
    <div
      className="slider"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={api ? "true" : undefined}
      data-playing={playing ? "true" : "false"}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <SlideList
        slides={slides}
        viewportRef={viewportRef}
        trackId={`${id}-track`}
        live={playing ? "off" : "polite"}
        selected={api ? selected : undefined}
      />
      {api ? (
        <div className="slider-controls">
          <button
            type="button"
            className="slider-toggle"
            aria-controls={`${id}-track`}
            aria-label={userPaused ? "슬라이드 자동 넘김 시작" : "슬라이드 자동 넘김 멈춤"}
            data-paused={userPaused ? "true" : "false"}
            onClick={() => setUserPaused(!userPaused)}
          >
            <span aria-hidden="true" className="slider-toggle-icon" />
          </button>
          <div className="slider-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.title}
                type="button"
                className="slider-dot"
                aria-controls={`${id}-track`}
                aria-label={`${i + 1}번째 슬라이드: ${slide.title}`}
                aria-current={i === selected ? "true" : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
