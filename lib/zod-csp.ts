// zod 4 compiles object parsers with `new Function` when eval is allowed, and finds out by trying
// it once when the first object schema is built. Under the pages' Content-Security-Policy (no
// 'unsafe-eval') that try is refused and reported as a violation, though zod recovers. In the
// browser it is told not to try; the server, which has no CSP and parses large uploads, keeps
// the compiled parsers. Imported before any schema is built (lib/splits/text.ts, first line).
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });
