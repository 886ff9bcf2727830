/*
 * This instance stored a change its pages follow (a 운영 정보 value, a publish, a complex taken
 * down, put back, made or deleted): the sync (sync.server.ts) runs at once instead of at its next poll, so
 * the administrator who made it waits for the render alone (issue 43). Other instances sharing the
 * database still follow it at their next poll (LIVE_POLL_MS).
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Tells the sync (sync.server.ts) that this instance just changed it. */
export function storeChanged(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on each change stored by this instance; answers how to stop. */
export function onStoreChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
