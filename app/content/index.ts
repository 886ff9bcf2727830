export type * from "./schema";
