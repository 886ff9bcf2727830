import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * React Router writes a `<link rel="modulepreload">` for every module of the page, which Chrome
 * fetches at high priority, ahead of (and sharing the connection with) the stylesheets, the font
 * and the LCP image. A prerendered page is fully drawn before any of that code runs, so the module
 * preloads are lowered to `fetchpriority="low"`: they still load in parallel (no waterfall when
 * the page hydrates), after what the first paint needs. See docs/decisions/009.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/gi;

/** The document's head with its module preloads at low priority. */
export function lowerModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * A stream that applies lowerModulePreloads to the document up to `</head>` and passes the rest
 * through untouched (the head is written in the shell's first chunks).
 */
export function lowerModulePreloadsStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      done = true;
      const out = lowerModulePreloads(head);
      head = "";
      callback(null, out);
    },
    flush(callback) {
      if (!done) head += decoder.end();
      callback(null, done ? undefined : lowerModulePreloads(head));
    },
  });
}
