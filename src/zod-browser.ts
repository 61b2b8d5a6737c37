/**
 * Zod as the browser gets it (vite.config.ts sends every `import ... from 'zod'` of the web app here). Zod
 * compiles object parsers with `new Function` where eval is allowed and finds out by trying it as each object
 * schema is built; the app's Content-Security-Policy allows no eval (src/server/http/security-headers.ts), and
 * the browser reports even a caught attempt as a violation. So it is told not to try, before any schema module
 * runs: they all import this module. The server keeps Zod's compiled parsers.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
