/* The console's groups (the editor's sections) live in app/lib/content-sections.ts, for the server too. */
export { CONSOLE_GROUPS, consoleGroups } from "~/lib/content-sections";
