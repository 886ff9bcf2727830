/*
 * The administrators' roles and the areas of the console, as names and Korean labels for the pages.
 * Which role may use which area of which complex is decided in one place on the server:
 * app/auth/access.server.ts (docs/decisions/034-roles.md).
 */

export const ROLES = ["agency", "editor", "consultant"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  agency: "에이전시 관리자",
  editor: "단지 편집자",
  consultant: "상담원",
};

/** What a role does, in a line (the invitation and account forms). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  agency: "모든 단지의 모든 메뉴, 단지 만들기·삭제, 계정 관리",
  editor: "맡은 단지의 운영 정보·콘텐츠, 보도자료, 채널 성과",
  consultant: "맡은 단지의 상담 접수 관리만",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * The areas of a complex's administration:
 * - content: 운영 정보 (/admin/operations), the content editor (/admin/content), preview, publish,
 *   picture upload (/admin/media)
 * - press: /admin/press*, and the write form on the public press list
 * - leads: the lead desk (/admin/leads*)
 * - channels: 채널 성과 (/admin/channels*)
 * - accounts: /admin/accounts*
 * - complexes: creating, deleting and unpublishing complexes
 */
export const AREAS = ["content", "press", "leads", "channels", "accounts", "complexes"] as const;
export type Area = (typeof AREAS)[number];
