import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

/** The specification: a slide every 6 s, a swipe counts from 50 px. */
const SLIDE_INTERVAL_MS = 6000;
const SWIPE_THRESHOLD_PX = 50;

/*
 * The premium slider of the phone layout (components/home/premium-slider.tsx), loaded the first
 * time its accordion opens. Embla moves, loops and animates the slides, and its Autoplay plugin
 * advances them every 6 s. Embla decides a drag by the finger's speed; the specification decides by
 * distance (over 50 px: next or previous, wrapping; under: stay), so the slide Embla picked on
 * release is corrected to that rule. Autoplay pauses while the slider has focus or the pointer is
 * over it, while its accordion is closed, and when the visitor presses the pause button
 * (WCAG 2.2.2) — until they press it again.
 */
export function startSlider(slider: HTMLElement, isActive: () => boolean): { update(): void } {
  const viewport = slider.querySelector<HTMLElement>(".slider-viewport")!;
  const track = slider.querySelector<HTMLElement>(".slider-track")!;
  const slides = Array.from(track.querySelectorAll<HTMLElement>(".slider-slide"));
  // With reduced motion the slides change without sliding.
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const api: EmblaCarouselType = EmblaCarousel(viewport, { loop: true, duration: 28 }, [
    Autoplay({
      delay: SLIDE_INTERVAL_MS,
      jump: still,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  ]);

  let userPaused = false;
  let focused = false;
  let hovered = false;
  let playing = false;

  // The controls: the pause button and a dot per slide.
  const controls = document.createElement("div");
  controls.className = "slider-controls";
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "slider-toggle";
  toggle.setAttribute("aria-controls", track.id);
  const icon = document.createElement("span");
  icon.className = "slider-toggle-icon";
  icon.setAttribute("aria-hidden", "true");
  toggle.append(icon);
  const dotsBox = document.createElement("div");
  dotsBox.className = "slider-dots";
  const dots = slides.map((slide, i) => {
    const dot = document.createElement("button");
    dot.type = "button";
    dot.className = "slider-dot";
    dot.setAttribute("aria-controls", track.id);
    const title = slide.querySelector(".slider-title")?.textContent ?? "";
    dot.setAttribute("aria-label", `${i + 1}번째 슬라이드: ${title}`);
    dot.addEventListener("click", () => api.scrollTo(i, still));
    return dot;
  });
  dotsBox.append(...dots);
  controls.append(toggle, dotsBox);

  function showSelected() {
    const selected = api.selectedScrollSnap();
    dots.forEach((dot, i) => {
      if (i === selected) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    slides.forEach((slide, i) => {
      if (i === selected) slide.removeAttribute("aria-hidden");
      else slide.setAttribute("aria-hidden", "true");
    });
  }

  function update() {
    const next = isActive() && !userPaused && !focused && !hovered;
    toggle.dataset.paused = String(userPaused);
    toggle.setAttribute(
      "aria-label",
      userPaused ? "슬라이드 자동 넘김 시작" : "슬라이드 자동 넘김 멈춤",
    );
    slider.dataset.playing = String(next);
    track.setAttribute("aria-live", next ? "off" : "polite");
    if (next === playing) return;
    playing = next;
    const autoplay = api.plugins().autoplay;
    if (playing) autoplay?.play();
    else autoplay?.stop();
  }

  toggle.addEventListener("click", () => {
    userPaused = !userPaused;
    update();
  });
  slider.addEventListener("focusin", () => {
    focused = true;
    update();
  });
  slider.addEventListener("focusout", (event) => {
    if (slider.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    update();
  });
  slider.addEventListener("mouseenter", () => {
    hovered = true;
    update();
  });
  slider.addEventListener("mouseleave", () => {
    hovered = false;
    update();
  });

  // The 50 px rule: where the drag started and where the pointer is when Embla lets go.
  let drag: { x: number; y: number; index: number; endX: number; endY: number } | null = null;
  viewport.addEventListener("pointerdown", (e) => {
    drag = {
      x: e.clientX,
      y: e.clientY,
      index: api.selectedScrollSnap(),
      endX: e.clientX,
      endY: e.clientY,
    };
  });
  const follow = (e: PointerEvent) => {
    if (!drag) return;
    drag.endX = e.clientX;
    drag.endY = e.clientY;
  };
  window.addEventListener("pointermove", follow);
  window.addEventListener("pointerup", follow);
  api.on("pointerUp", () => {
    const d = drag;
    drag = null;
    if (!d) return;
    const dx = d.endX - d.x;
    const count = api.scrollSnapList().length;
    const swiped = Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(d.endY - d.y);
    const target = swiped ? (d.index + (dx < 0 ? 1 : -1) + count) % count : d.index;
    if (api.selectedScrollSnap() !== target) api.scrollTo(target, still);
    api.plugins().autoplay?.reset();
  });

  api.on("select", showSelected).on("reInit", showSelected);
  slider.append(controls);
  slider.dataset.ready = "true";
  showSelected();
  update();
  return { update };
}
