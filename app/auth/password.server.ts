/*
 * Password hashing with Node's scrypt. The stored string describes itself, so the cost can be raised
 * later without breaking existing hashes: "scrypt$N=16384,r=8,p=1$<salt base64>$<hash base64>".
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 32;
const DEFAULT_COST = { N: 16384, r: 8, p: 1 };

function derive(
  password: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
  length: number,
) {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT_COST, KEY_LENGTH);
  const { N, r, p } = DEFAULT_COST;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const FORMAT = /^scrypt\$N=([0-9]+),r=([0-9]+),p=([0-9]+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** True when password matches the stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored);
  if (!m) return false;
  const cost = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  // Refuse absurd costs from a tampered row instead of burning memory.
  if (cost.N < 2 || cost.N > 2 ** 20 || (cost.N & (cost.N - 1)) !== 0 || cost.r > 32 || cost.p > 16)
    return false;
  const salt = Buffer.from(m[4]!, "base64");
  const expected = Buffer.from(m[5]!, "base64");
  if (expected.length < 16) return false;
  const actual = await derive(password, salt, cost, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/**
 * A hash that no password matches the same way as a real one: compare against it when the account is
 * unknown, so the time of an answer does not reveal which e-mail addresses exist.
 */
export function dummyPasswordHash(): Promise<string> {
  return (dummy ??= hashPassword(randomBytes(16).toString("hex")));
}
