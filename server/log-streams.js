// @ts-check

/**
 * The process's own output, kept from taking the server down: when whoever reads stdout or stderr
 * goes away (a log collector that died, `npm start | head`, a test runner that stopped), each write
 * fails with EPIPE. Without a listener that failure is an uncaught exception, which the last-resort
 * handler (server/index.js) logs to the same broken stream, which fails again: the server then spent
 * its CPU on that loop for as long as it ran (found on an orphaned test server, 55 % of a core).
 * A line that cannot be written is lost; the visitors are still answered.
 */
export function keepOutputFromFailing() {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
}
