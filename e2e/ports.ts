/** Where Playwright's web servers listen (see playwright.config.ts). */
export const PREVIEW_PORT = 4173;
export const SUBPATH_PORT = 4174;
export const SUBPATH = '/repo/';
