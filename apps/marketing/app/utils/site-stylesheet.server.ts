import { splitStylesheet } from './critical-css.server';
import stylesheet from '../tailwind.css?inline';

/**
 * The site's stylesheet, parsed once for the server: each document's own rules
 * (entry.server.tsx) and the rest of the sheet for it (routes/css.$name.ts).
 */
export const siteStylesheet = splitStylesheet(stylesheet);
