// The in-browser verifier of an export document (docs/fair-play.md): the audit page's engine, and what
// web/test/verify.test.mjs and web/test/verify-files.mjs bundle to check it against the test vectors and the
// conformance corpus.
export { CHECK_NAMES, SERVER_ONLY, isHead, verifyExport } from "./checks";
export type { CheckResult, Report, Status } from "./checks";
export {
  chainKey,
  chainLink,
  chainStart,
  commitment,
  dealKey,
  entropyCommitment,
  fromHex,
  hex,
  keyedLink,
  keyedStart,
  shuffle,
} from "./dealing";
export { FAIRNESS, readExport } from "./document";
export type { ExportDocument, Fairness } from "./document";
export { canonicalDeck, expectedDeal } from "./games";
export { canonical } from "./jcs";
export { compact, decodeFile, parseStrict } from "./json";
export { MALFORMED_CODES, Malformed } from "./malformed";
export type { MalformedCode } from "./malformed";
