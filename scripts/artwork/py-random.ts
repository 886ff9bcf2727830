/**
 * Python's `random.Random(seed)` (Mersenne Twister MT19937) and `f"{x:.0f}"`, for the drawings
 * first made by Python scripts (banners, interiors, the location map, the site plan): the same
 * seed gives the same skylines and trees, so porting them did not move a single tower or tree.
 * New drawings use iso.ts's `random` instead.
 */

const N = 624;
const M = 397;

export class PyRandom {
  private mt = new Uint32Array(N);
  private index = N;

  /** `random.Random(seed)` for a non-negative integer seed below 2³². */
  constructor(seed: number) {
    this.seedByArray([seed >>> 0]);
  }

  private seedByArray(key: number[]) {
    const mt = this.mt;
    mt[0] = 19650218;
    for (let i = 1; i < N; i++) {
      const p = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, p ^ (p >>> 30)) + i) >>> 0;
    }
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const p = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(p ^ (p >>> 30), 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const p = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(p ^ (p >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private next32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % N]! & 0x7fffffff);
        mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random()`: a float in [0, 1) with 53 random bits. */
  random(): number {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** `_randbelow(n)`: an integer in [0, n), by rejection on the fewest bits that hold n. */
  private below(n: number): number {
    const bits = 32 - Math.clz32(n);
    let r = this.next32() >>> (32 - bits);
    while (r >= n) r = this.next32() >>> (32 - bits);
    return r;
  }

  /** `randint(a, b)`: an integer in [a, b]. */
  randint(a: number, b: number): number {
    return a + this.below(b - a + 1);
  }

  /** `uniform(a, b)`. */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  /** `choice(items)`. */
  choice<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}

/** `f"{x:.0f}"`: the nearest integer, an exact half going to the even one (toFixed rounds it up). */
export function f0(x: number): string {
  const floor = Math.floor(x);
  const rest = x - floor;
  const n = rest > 0.5 || (rest === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  return n === 0 && x < 0 ? "-0" : String(n);
}
