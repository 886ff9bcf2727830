/*
 * Who may use what: the one place where roles are turned into permissions. Every administrator
 * route asks `mayUse` (through requireArea in guards.server.ts) whether the signed-in account may use
 * an area of the request's complex; what it may not use answers the 404 of a page that does not
 * exist (docs/decisions/034-roles.md).
 *
 *   agency      every area of every complex
 *   editor      content, press and channels of their complexes
 *   consultant  leads of their complexes
 */
import type { Area, Role } from "~/lib/roles";
import { AREAS } from "~/lib/roles";
import { ALL_SITES } from "~/lib/sites";
import { isAdminFor, type AdminSites } from "./admin.server";

const ROLE_AREAS: Record<Role, readonly Area[]> = {
  agency: AREAS,
  editor: ["content", "press", "channels"],
  consultant: ["leads"],
};

/** The parts of a session the rules read. */
export type Access = { role: Role; sites: AdminSites };

/** True when the account may use `area` of the complex siteId. */
export function mayUse(admin: Access, siteId: string, area: Area): boolean {
  return isAdminFor(admin, siteId) && ROLE_AREAS[admin.role].includes(area);
}

/** The areas of the complex siteId the account may use, in AREAS order (the menu and /admin's links). */
export function areasOn(admin: Access, siteId: string): Area[] {
  return AREAS.filter((area) => mayUse(admin, siteId, area));
}

/**
 * The areas whose pages take a body larger than anyone may send (server/body-limit.js BODY_LIMIT,
 * 64 KB): content (pictures, the console's files, a complex's zip), press (press photos, in the
 * console and on the public press list) and complexes (a new complex's zip). The lead desk,
 * channels and accounts read 64 KB at most.
 */
const LARGE_BODY_AREAS: readonly Area[] = ["content", "press", "complexes"];

/**
 * True when the account may post a large body somewhere: its role gives it, on a complex, an area
 * whose pages take one. The HTTP server refuses a large post of any other account on its headers,
 * with the 404 the route would answer, before reading its body (server/upload-guard.js).
 */
export function mayPostLargeBodies(admin: Access): boolean {
  const someSite = admin.sites === ALL_SITES || admin.sites.length > 0;
  return someSite && LARGE_BODY_AREAS.some((area) => ROLE_AREAS[admin.role].includes(area));
}
