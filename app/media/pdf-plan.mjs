// @ts-check
/*
 * The size each page of a notice PDF is drawn at (app/media/pdf-worker.mjs), from the pages' sizes
 * in points, before anything is drawn. Plain JavaScript, as the worker runs it.
 */

/**
 * @typedef {{ minSide: number, maxAspect: number, pagePixels: number, totalPixels: number }} PageLimits
 * @typedef {{ ok: true, drawn: [number, number][] } | { ok: false, page: number, size: [number, number] }} PagePlan
 */

/**
 * The drawn size of each page: `widest` px wide, or smaller to stay within `pagePixels`, and all
 * pages within `totalPixels` together (a long notice is drawn smaller rather than refused). A page
 * under `minSide` points on a side, or beyond 1:`maxAspect`, is refused (its number, from 1).
 * @param {{ width: number, height: number }[]} sizes
 * @param {number} widest
 * @param {PageLimits} limits
 * @returns {PagePlan}
 */
export function planPages(sizes, widest, limits) {
  for (const [i, { width, height }] of sizes.entries()) {
    const short = Math.min(width, height);
    if (!(short >= limits.minSide) || Math.max(width, height) / short > limits.maxAspect)
      return { ok: false, page: i + 1, size: [Math.round(width), Math.round(height)] };
  }
  const scales = sizes.map(({ width, height }) => {
    const scale = widest / width;
    const pixels = width * height * scale ** 2;
    return pixels > limits.pagePixels ? scale * Math.sqrt(limits.pagePixels / pixels) : scale;
  });
  const total = sizes.reduce(
    (sum, { width, height }, i) => sum + width * height * (scales[i] ?? 0) ** 2,
    0,
  );
  const shrink = total > limits.totalPixels ? Math.sqrt(limits.totalPixels / total) : 1;
  return {
    ok: true,
    drawn: sizes.map(({ width, height }, i) => {
      const scale = (scales[i] ?? 0) * shrink;
      // Rounded as a page drawn `widest` wide always was; down when a budget set the scale.
      const to = scale < widest / width ? Math.floor : Math.round;
      return [Math.max(1, to(width * scale)), Math.max(1, to(height * scale))];
    }),
  };
}
