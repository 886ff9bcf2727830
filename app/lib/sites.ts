/*
 * Apartment complexes ("sites") as the data sees them: a complex's id, and the scope "every
 * complex" that an administrator for every complex may choose on the lead desk and the export.
 * Which complex a request is for is decided in one place: app/sites/request-site.server.ts.
 */

/** A complex's id: lower-case letters, digits and "-", starting with a letter ("anyang"). */
export const SITE_ID = /^[a-z][a-z0-9-]*$/;

/** Every complex: never a complex's id (SITE_ID has no "*"). */
export const ALL_SITES = "*";

/** One complex's id, or ALL_SITES. */
export type SiteScope = string;
