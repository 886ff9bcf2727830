/*
 * The account forms' rules (/admin/accounts, the invitation page) and the one password rule, which
 * the operator command (scripts/admin.ts) applies too. Plain code: a few checks, each with its
 * Korean message naming the field.
 */
import { normalizePhone } from "./phone";
import { isRole, type Role } from "./roles";

/** A new password has at least this many characters (code points). */
export const PASSWORD_MIN = 12;
/** Sign-in reads at most this many characters of a password (sign-in.server.ts). */
const PASSWORD_MAX = 1000;
const EMAIL_MAX = 200;
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const ACCOUNT_MESSAGES = {
  emailMissing: "이메일을 입력해 주세요.",
  emailInvalid: "이메일 주소가 올바르지 않습니다. (예: name@example.com)",
  emailTaken: "이미 계정이 있는 이메일입니다. 아래 계정 목록에서 역할과 단지를 바꿔 주세요.",
  roleMissing: "역할을 골라 주세요.",
  sitesMissing: "단지 편집자와 상담원은 맡을 단지를 하나 이상 골라 주세요.",
  siteUnknown: "없는 단지가 들어 있습니다. 화면을 새로 고친 뒤 다시 골라 주세요.",
  phoneInvalid:
    "휴대폰 번호가 올바르지 않습니다. 010으로 시작하는 번호를 입력해 주세요. (예: 010-1234-5678)",
  passwordShort: `비밀번호는 ${PASSWORD_MIN}자 이상이어야 합니다.`,
  passwordLong: `비밀번호는 ${PASSWORD_MAX.toLocaleString("ko-KR")}자 이하여야 합니다.`,
  passwordLineBreak: "비밀번호에는 줄바꿈을 넣을 수 없습니다.",
  passwordMismatch: "두 비밀번호가 서로 다릅니다. 같은 비밀번호를 한 번 더 입력해 주세요.",
  invited:
    "초대 링크를 만들었습니다. 이 링크는 지금 한 번만 보여 드립니다. 복사해서 전달해 주세요.",
  revoked: "초대를 취소했습니다. 그 링크는 더 이상 쓸 수 없습니다.",
  saved: "계정을 저장했습니다.",
  disabled: "계정을 사용 중지했습니다. 그 계정의 로그인은 모두 끝났습니다.",
  enabled: "계정을 다시 사용할 수 있게 했습니다.",
  notFound: "계정을 찾을 수 없습니다.",
  self: "자기 계정의 역할·단지·사용 여부는 바꿀 수 없습니다. 다른 에이전시 관리자에게 부탁해 주세요.",
  lastAgency:
    "마지막 에이전시 관리자입니다. 다른 에이전시 관리자를 먼저 두어야 바꾸거나 중지할 수 있습니다.",
  inviteUnknown:
    "초대 링크를 찾을 수 없습니다. 주소가 정확한지, 취소된 초대가 아닌지 확인해 주세요.",
  inviteUsed: "이미 사용한 초대 링크입니다. 설정한 비밀번호로 로그인해 주세요.",
  inviteExpired: `초대 링크의 유효 기간(${INVITATION_DAYS}일)이 지났습니다. 에이전시 관리자에게 새 링크를 요청해 주세요.`,
  inviteAccountExists: "이 이메일의 계정이 이미 있습니다. 로그인해 주세요.",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A new password's problem (the Korean message), or null when it may be used. */
export function passwordProblem(password: string): string | null {
  if (/[\r\n]/.test(password)) return ACCOUNT_MESSAGES.passwordLineBreak;
  const length = [...password].length;
  if (length < PASSWORD_MIN) return ACCOUNT_MESSAGES.passwordShort;
  if (length > PASSWORD_MAX) return ACCOUNT_MESSAGES.passwordLong;
  return null;
}

/** A complex as the account forms list it. */
export type ComplexOption = { id: string; name: string };

export type AccountFieldErrors = Partial<Record<"email" | "role" | "sites" | "phone", string>>;

/** What the invitation and account forms send (the invitation has no phone: ""). */
export type AccountFormValues = { email: string; role: string; sites: string[]; phone: string };

/** phone: the account's own mobile number (for the morning digest of calls), or null. */
export type CheckedAccount = { email: string; role: Role; sites: string[]; phone: string | null };

/** The label of an account's own mobile number on the account forms. */
export const PHONE_LABEL = "휴대폰 번호 (아침 알림용)";

/**
 * An account's mobile number as typed ("" for none) → its hyphenated form, null for none, or
 * undefined when it is not a mobile number (a text message must reach it).
 */
function accountPhone(value: string): string | null | undefined {
  if (!value.trim()) return null;
  const phone = normalizePhone(value);
  return phone && phone.startsWith("01") ? phone : undefined;
}

/**
 * Checks an invitation (with email) or an account change (without): a role, and for an editor or a
 * consultant at least one of the complexes that exist (`known`); an agency administrator's
 * complexes are every one, whatever was ticked. A phone, when given, is a mobile number.
 */
export function checkAccountForm(
  values: AccountFormValues,
  known: readonly string[],
  { withEmail }: { withEmail: boolean },
): { ok: true; data: CheckedAccount } | { ok: false; errors: AccountFieldErrors } {
  const errors: AccountFieldErrors = {};
  const email = values.email.trim().toLowerCase();
  if (withEmail) {
    if (!email) errors.email = ACCOUNT_MESSAGES.emailMissing;
    else if (email.length > EMAIL_MAX || !EMAIL.test(email))
      errors.email = ACCOUNT_MESSAGES.emailInvalid;
  }
  const role = values.role;
  if (!isRole(role)) errors.role = ACCOUNT_MESSAGES.roleMissing;
  const sites = [...new Set(values.sites)].sort();
  if (isRole(role) && role !== "agency") {
    if (sites.length === 0) errors.sites = ACCOUNT_MESSAGES.sitesMissing;
    else if (sites.some((s) => !known.includes(s))) errors.sites = ACCOUNT_MESSAGES.siteUnknown;
  }
  const phone = accountPhone(values.phone);
  if (phone === undefined) errors.phone = ACCOUNT_MESSAGES.phoneInvalid;
  if (Object.keys(errors).length || !isRole(role) || phone === undefined)
    return { ok: false, errors };
  return { ok: true, data: { email, role, sites: role === "agency" ? [] : sites, phone } };
}
