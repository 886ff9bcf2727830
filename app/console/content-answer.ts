import type { LeftoverList } from "./leftovers";

/*
 * What the content editor's action answers (app/routes/admin/console/content.tsx), read by its page
 * and its autosave (app/components/console/use-draft-saving.ts): the form again after a list edit
 * without the script, a save, a save refused because another editor saved first, a request not
 * read, or 원본 단지 내용's list. Pure, for the browser and the server.
 */

/** A section of the editor with its count of problems (the section list beside the form). */
export type SectionItem = { id: string; title: string; problems: number };

/** A problem of the draft, listed above the form: its field's id (a link there), labels, message. */
export type Problem = { id: string; label: string; message: string };

/** The answer to 원본 단지 내용's form (app/components/console/leftovers.tsx). */
export type LeftoversAnswer = {
  kind: "leftovers";
  leftovers: LeftoverList | null;
  message: string;
};

export type ContentAnswer =
  | { kind: "edit"; value: unknown; focus: string; message: string; revision: number }
  | {
      kind: "saved";
      value: unknown;
      errors: Record<string, string[]>;
      problems: Problem[];
      revision: number;
      savedAt: string;
      /** The section's part of the draft as saved, which the next save is based on. */
      sectionHash: string;
      /** Every section with its count of problems, after this save. */
      sections: SectionItem[];
      /** A copy's fields still holding its source's identity (app/console/leftovers.ts). */
      leftovers: LeftoverList | null;
    }
  | {
      kind: "stale";
      value: unknown;
      errors: Record<string, string[]>;
      problems: Problem[];
      /** The revision the form was based on, and the newest, which "내 내용으로 저장" saves over. */
      revision: number;
      latest: number;
      savedBy: string;
      /**
       * The labels of this section's fields the other editor changed (`byOther`, the form sent the
       * section as it started from it), else of those where the saved draft differs from this form.
       */
      changed: string[];
      byOther: boolean;
    }
  | { kind: "unread"; message: string }
  | LeftoversAnswer;

/** Marks an autosave's request (`?autosave`): a sign-in that ended is answered, not redirected. */
export const AUTOSAVE_PARAM = "autosave";
/** Marks 원본 단지 내용's request (`?leftovers`): answered with the list, the form not reloaded. */
export const LEFTOVERS_PARAM = "leftovers";

/** `path` (which may hold a query already) with `?name` or `&name`. */
export const withParam = (path: string, name: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}`;
