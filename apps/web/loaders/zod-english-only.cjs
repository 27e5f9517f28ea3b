// A Turbopack loader for zod's locale index (next.config.ts): the browser's bundle keeps zod's English
// messages only. zod's namespace export pulls in every one of its 60-odd languages (about 200 KiB raw), which
// Turbopack does not shake; the web shows the protocol's own texts (i18n/errors.ts), never zod's.
module.exports = function englishOnly() {
  return 'export { default as en } from "./en.js";\n';
};
