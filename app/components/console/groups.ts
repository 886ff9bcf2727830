/* The console's groups (the editor's sections) live in app/lib/content-sections.ts, for the server too. */
export { CONSOLE_GROUPS, consoleGroups, type ConsoleGroup } from "~/lib/content-sections";
