/**
 * Local stand-ins for the ad platforms' tag scripts (app/lib/tracking.ts), for the browser test of
 * conversion events and the tag benchmark: no test may reach the vendors. Each stand-in does what
 * the vendor's script does with the calls the page makes (reads the queue Meta's and Google's
 * snippets fill before it loads, defines Naver's and Kakao's functions) and records every call in
 * `window.__vendorCalls` as `{ vendor, call, args }`.
 *
 * `realSize`: padded with code to about the size the real scripts have (compressed, as served:
 * wcslog.js ~6 KB, kp.js ~20 KB, fbevents.js ~100 KB, gtag.js ~110 KB), so that a benchmark pays
 * their transfer and parse; their behaviour is not the vendors' (no further requests).
 */

/** The scripts' addresses as the page asks for them (the Google tag's carries its id). */
export const VENDOR_SCRIPTS = {
  naver: "https://wcs.naver.net/wcslog.js",
  kakao: "https://t1.daumcdn.net/kas/static/kp.js",
  meta: "https://connect.facebook.net/en_US/fbevents.js",
  google: "https://www.googletagmanager.com/gtag/js",
};

const record = `function rec(vendor, call, args) {
  (window.__vendorCalls = window.__vendorCalls || []).push({
    vendor: vendor, call: call, args: JSON.parse(JSON.stringify(Array.prototype.slice.call(args)))
  });
}`;

const BODIES = {
  naver: `${record}
window.wcs = {
  inflow: function () { rec("naver", "inflow", arguments); },
  trans: function () { rec("naver", "trans", arguments); }
};
window.wcs_do = function () { rec("naver", "wcs_do", [window.wcs_add || {}]); };`,
  kakao: `${record}
window.kakaoPixel = function (trackId) {
  return {
    pageView: function () { rec("kakao", "pageView", [trackId]); },
    participation: function () { rec("kakao", "participation", [trackId].concat(Array.prototype.slice.call(arguments))); }
  };
};`,
  meta: `${record}
(function () {
  var fbq = window.fbq;
  if (!fbq) return;
  fbq.callMethod = function () { rec("meta", arguments[0], Array.prototype.slice.call(arguments, 1)); };
  var queued = fbq.queue || [];
  fbq.queue = [];
  for (var i = 0; i < queued.length; i++) fbq.callMethod.apply(null, queued[i]);
})();`,
  google: `${record}
(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  function take(entry) {
    var args = Array.prototype.slice.call(entry);
    rec("google", args[0], args.slice(1).map(function (a) { return a instanceof Date ? "(date)" : a; }));
  }
  for (var i = 0; i < layer.length; i++) take(layer[i]);
  layer.push = function (entry) { take(entry); return Array.prototype.push.call(layer, entry); };
})();`,
};

/** Code (not comments: the browser parses it) of about `kb` KB once compressed. */
function padding(kb) {
  const parts = [];
  // Distinct literals so that compression does not make it vanish.
  for (let i = 0; parts.join("").length < kb * 1024 * 4; i++)
    parts.push(
      `function f${i.toString(36)}(a){var s=${(i * 2654435761) % 4294967296};return a?s^a.length*${i}:"${(i * 40503).toString(36)}${i.toString(16)}";}\n`,
    );
  return `var __standInPadding = [${parts.length}];\n${parts.join("")}`;
}

const REAL_KB = { naver: 6, kakao: 20, meta: 100, google: 110 };

/** The stand-in script of a vendor. */
export function standInScript(vendor, { realSize = false } = {}) {
  return realSize ? `${padding(REAL_KB[vendor])}\n${BODIES[vendor]}` : BODIES[vendor];
}

/** The vendor whose script an address is (query string ignored), or undefined. */
export function vendorOfScript(url) {
  const bare = url.split("?")[0];
  return Object.keys(VENDOR_SCRIPTS).find((v) => VENDOR_SCRIPTS[v] === bare);
}
