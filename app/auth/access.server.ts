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
