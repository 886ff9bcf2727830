// @ts-check
import express from "express";

/** A setting the server cannot start with; server/index.js prints the message alone and exits. */
export class ConfigError extends Error {}

/**
 * When TRUST_PROXY is unset: only a proxy on this machine (the runtime contract's default). A proxy on
 * a container or private network must be named (e.g. TRUST_PROXY=uniquelocal or its CIDR), because
 * trusting private networks by default would let any client on them forge X-Forwarded-For.
 */
export const DEFAULT_TRUST_PROXY = ["loopback"];

/** @typedef {boolean | number | string[]} TrustProxy Express's "trust proxy" setting. */

const HELP =
  "true, false, 프록시 단계 수(예: 1), 또는 쉼표로 구분한 주소·CIDR" +
  "(예: 10.0.0.0/8, 172.18.0.2, loopback)를 쓸 수 있습니다. docs/deploy.md를 참고하세요.";

/**
 * TRUST_PROXY → Express's "trust proxy" setting: `true`/`false`, a hop count, or a list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Express reads the string
 * "true" as an address (and fails) and "1" as the address 0.0.0.1, so they are converted here; a
 * list is checked by compiling it, so a typo stops the server at start-up instead of trusting nobody.
 * @param {string | undefined} raw
 * @returns {TrustProxy}
 */
export function parseTrustProxy(raw) {
  const value = raw?.trim() ?? "";
  if (value === "") return DEFAULT_TRUST_PROXY;
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = list.find((entry) => {
    try {
      express().set("trust proxy", entry);
      return false;
    } catch {
      return true;
    }
  });
  if (wrong !== undefined) {
    throw new ConfigError(`TRUST_PROXY의 "${wrong}"은(는) 올바르지 않습니다. ${HELP}`);
  }
  return list;
}
