/* The console's groups (the editor's sections) live in app/console/content-sections.ts, for the server too. */
export { CONSOLE_GROUPS, consoleGroups } from "~/console/content-sections";
