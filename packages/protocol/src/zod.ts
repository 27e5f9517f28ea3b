import { z } from "zod";

// The one zod every schema of the protocol is built with. In a browser, whose page forbids `eval` (the web
// app's Content-Security-Policy, docs/architecture.md "Security"), zod must not compile its parsers with
// `new Function`: its probe for that alone is reported as a policy violation. The setting has to come
// before the first schema is built, as zod decides when it builds one; on the server the compiled parsers
// stay (the gateway parses every event).
if ("document" in globalThis) z.config({ jitless: true });

export { z };
