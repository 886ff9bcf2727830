/*
 * Which wheel events make one gesture of the home page's paging (docs/decisions/012): one move per
 * gesture, whether it comes as one step of a mouse wheel or as a trackpad's stream of small steps.
 */

/** Wheel events closer together than this belong to one gesture (a fast spin of a wheel). */
export const GESTURE_GAP_MS = 200;
/**
 * A trackpad sends a stream of small steps that can falter under load (pauses of 400 ms are seen
 * while the page repaints); a stream of small steps ends only after this much quiet.
 */
export const TRACKPAD_GAP_MS = 700;
const SMALL_STEP_PX = 40;
/** Wheel distance a gesture must cover before it counts (trackpad jitter does not). */
const MIN_WHEEL_PX = 8;

/**
 * A counter of wheel gestures. Feed it each wheel event's vertical distance in pixels and its time
 * stamp (the input's time: a busy page handles events late, the device's rhythm is what counts),
 * with the time until which moves are locked; it answers the step the event makes (1 down, -1 up),
 * or null when the event only continues a gesture that has moved already, or moves too little yet.
 */
export function wheelGestures() {
  let lastAt = -Infinity;
  let moved = false;
  let distance = 0;
  return (delta: number, at: number, lockedUntil: number): 1 | -1 | null => {
    const gap = Math.abs(delta) < SMALL_STEP_PX ? TRACKPAD_GAP_MS : GESTURE_GAP_MS;
    if (at - lastAt > gap) {
      moved = false;
      distance = 0;
    }
    lastAt = at;
    if (moved || at < lockedUntil) return null;
    distance += delta;
    if (Math.abs(distance) < MIN_WHEEL_PX) return null;
    moved = true;
    return distance > 0 ? 1 : -1;
  };
}
