import { signIn } from "./sign-in.server";

/** The password the route tests give their administrators. */
export const TEST_PASSWORD = "correct-horse-battery";

/** Signs `email` in on the complex `siteId` (password TEST_PASSWORD); answers the cookie. */
export async function cookieOf(email: string, siteId: string) {
  const r = await signIn(siteId, { email, password: TEST_PASSWORD }, { ip: "203.0.113.5" });
  if (!r.ok) throw new Error(r.message);
  return r.setCookie.split(";")[0]!;
}

/** The HTTP status a loader or action threw (a guard's 404 or redirect), else undefined. */
export async function thrownStatus(run: () => Promise<unknown>) {
  const e = await run().then(
    () => null,
    (error: unknown) => error,
  );
  return e instanceof Response
    ? e.status
    : (e as { init?: { status?: number } } | null)?.init?.status;
}
