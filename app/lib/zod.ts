import { z } from "zod";

/*
 * zod for code that runs in the browser: import it from here. Its parsers are interpreted, not
 * compiled — zod's compiler probes `new Function`, which the Content-Security-Policy refuses and
 * Chromium reports as a violation (server/security-headers.js, tests/e2e/security-headers.test.ts).
 */
z.config({ jitless: true });

export { z };
