// The in-browser verifier of an export document: the audit page's engine, and what web/test/verify.test.mjs
// bundles to check it against the dealing test vectors and the Python verifier.
export { CHECK_NAMES, SERVER_ONLY, Malformed, decodeFile, isHead, parseExport, verifyExport } from "./checks";
export type { CheckResult, Status } from "./checks";
export { chainLink, chainStart, commitment, dealKey, fromHex, hex, shuffle } from "./dealing";
export { canonicalDeck, expectedDeal } from "./games";
export { parseWithSpans } from "./json";
