import { config } from 'zod';

/*
 * zod compiles its object parsers with `new Function` where it can, deciding when each schema is
 * built, and probes for it with a caught call that a strict CSP (no 'unsafe-eval') still reports
 * as a violation. The back office parses small answers: the plain parsers are enough. This module
 * is imported first, before any schema of the contracts is built.
 */
// Called by its own name: the build declares calls on `z` free of side effects (so unused schemas
// drop out), which would drop `z.config(...)` too.
config({ jitless: true });
