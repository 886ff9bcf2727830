// @ts-check
/*
 * The complexes' prerendered pages held in memory, bounded by bytes (issue 43 item 3): a complex's
 * pages are loaded on its first request and kept while there is room, the least recently asked for
 * let go first. A complex nobody visits holds nothing; the next request loads it again (from the
 * stored pages: app/sites/stored-pages.server.ts). Requests that find a complex loading wait for
 * that one load: a cold complex is never loaded twice at once.
 */

/**
 * @template V
 * @typedef {{ value: V, bytes: number }} Held
 */

/**
 * `maxBytes`: what all held values may take together; one value over it is still held alone (a
 * complex's pages are served from memory or not at all). `load(id)`: the value and its size.
 * `letGo(value)`: called when a value leaves (let go to fit, replaced or dropped), so that nothing
 * else keeps it alive (server/fast-pages.js: its pages waiting to be compressed).
 * @template V
 * @param {{ maxBytes: number, load: (id: string) => Promise<{ value: V, bytes: number }>, letGo?: (value: V) => void, log?: (line: string) => void }} options
 */
export function createPageCache({ maxBytes, load, letGo = () => {}, log = () => {} }) {
  /** Least recently used first (a Map keeps insertion order; a use moves an entry to the end). */
  /** @type {Map<string, Held<V>>} */
  const held = new Map();
  /** @type {Map<string, Promise<V>>} */
  const loading = new Map();
  /** Bumped by `drop` and `set`: a load that began before does not put back what they replaced. */
  /** @type {Map<string, number>} */
  const generation = new Map();
  let total = 0;

  /** Lets the oldest go until the rest fit, never `keep`. */
  function fit(/** @type {string} */ keep) {
    for (const [id, entry] of held) {
      if (total <= maxBytes) return;
      if (id === keep) continue;
      held.delete(id);
      total -= entry.bytes;
      letGo(entry.value);
      log(`pages: ${id} let go (${Math.round(entry.bytes / 1024)} KB; held ${held.size})`);
    }
  }

  /** @param {string} id @param {V} value @param {number} bytes */
  function put(id, value, bytes) {
    const old = held.get(id);
    if (old) total -= old.bytes;
    if (old && old.value !== value) letGo(old.value);
    held.delete(id);
    held.set(id, { value, bytes });
    total += bytes;
    fit(id);
  }

  return {
    /** The held value, marked as just used; undefined when not held. */
    get(/** @type {string} */ id) {
      const entry = held.get(id);
      if (!entry) return undefined;
      held.delete(id);
      held.set(id, entry);
      return entry.value;
    },
    has: (/** @type {string} */ id) => held.has(id),
    /**
     * The value, loaded if not held: one load per complex at a time, shared by every request that
     * asks meanwhile.
     * @param {string} id
     * @returns {Promise<V>}
     */
    load(id) {
      const entry = this.get(id);
      if (entry !== undefined) return Promise.resolve(entry);
      let pending = loading.get(id);
      if (!pending) {
        const at = generation.get(id) ?? 0;
        pending = load(id)
          .then(({ value, bytes }) => {
            // Replaced or dropped while loading (a publish): the newer value stands.
            if ((generation.get(id) ?? 0) === at) {
              put(id, value, bytes);
              log(`pages: ${id} held (${Math.round(bytes / 1024)} KB; held ${held.size})`);
            }
            return held.get(id)?.value ?? value;
          })
          .finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      return pending;
    },
    /** A newer value (a publish rendered the pages again). */
    set(/** @type {string} */ id, /** @type {V} */ value, /** @type {number} */ bytes) {
      generation.set(id, (generation.get(id) ?? 0) + 1);
      put(id, value, bytes);
    },
    /** Forgets the complex's pages (deleted, or changed while not held). */
    drop(/** @type {string} */ id) {
      generation.set(id, (generation.get(id) ?? 0) + 1);
      const entry = held.get(id);
      if (!entry) return;
      held.delete(id);
      total -= entry.bytes;
      letGo(entry.value);
    },
    /** What is held now: the ids (least recently used first) and their bytes together. */
    stats: () => ({ ids: [...held.keys()], bytes: total }),
  };
}
