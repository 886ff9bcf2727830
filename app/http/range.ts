/*
 * HTTP range requests (RFC 9110 §14): which part of a file a `Range` header asks for. Used where a
 * file is streamed from the media store (a film: the browser asks for ranges to start and seek).
 */

/**
 * The part a `Range` header asks for of `size` bytes (one range; `start-`, `start-end`, `-suffix`),
 * "whole" without a header (or with several ranges, which are answered whole), or "unsatisfiable".
 */
export function requestedRange(
  header: string | null,
  size: number,
): { start: number; end: number } | "whole" | "unsatisfiable" {
  if (!header) return "whole";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(",") ? "whole" : "unsatisfiable";
  const [, from, to] = match;
  if (from === "" && to === "") return "unsatisfiable";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
