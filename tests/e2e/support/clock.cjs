/*
 * A movable clock for browser tests, loaded into the server with `node --require` (see ./clock.ts):
 * `Date.now()` and `new Date()` answer the real time plus an offset in milliseconds read from the
 * file named by TEST_CLOCK_FILE (read again at most every 100 ms; a missing or empty file is 0).
 * Nothing else changes: a Date made from a value, Date.parse, Date.UTC, `instanceof Date` and
 * subclasses work as before, and timers (setTimeout, setInterval) keep real time, as Node runs them
 * on its own monotonic clock. Production code has no time travel of its own.
 */
"use strict";

const { readFileSync } = require("node:fs");

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now;
  let offset = 0;
  let readAt = -Infinity;

  const now = () => {
    const real = realNow();
    if (real - readAt >= 100 || real < readAt) {
      readAt = real;
      try {
        const text = readFileSync(file, "utf8").trim();
        const value = text ? Number(text) : 0;
        offset = Number.isFinite(value) ? value : 0;
      } catch {
        offset = 0;
      }
    }
    return real + offset;
  };

  /** Date, with "now" moved by the offset; everything else is the real Date's. */
  function ClockDate(...args) {
    // Date() called as a function answers the current time as a string.
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.setPrototypeOf(ClockDate, RealDate);
  Object.defineProperty(ClockDate, "prototype", { value: RealDate.prototype, writable: false });
  Object.defineProperty(ClockDate, "length", { value: RealDate.length });
  Object.defineProperty(ClockDate, "name", { value: "Date" });
  ClockDate.now = now;
  ClockDate.parse = RealDate.parse;
  ClockDate.UTC = RealDate.UTC;
  ClockDate.toString = () => RealDate.toString();
  Object.defineProperty(RealDate.prototype, "constructor", {
    value: ClockDate,
    writable: true,
    configurable: true,
  });
  globalThis.Date = ClockDate;
}
