// A file that is not a well-formed export: every verifier refuses it (exit 2) with one of these stable codes
// (docs/fair-play.md, "The export a verifier reads"), wording the message itself; nothing is checked.

export const MALFORMED_CODES = [
  "too_large",
  "not_json",
  "too_deep",
  "duplicate_key",
  "bad_number",
  "bad_shape",
  "unknown_version",
  "unknown_game",
  "bad_value",
  "numbering",
  "document_mismatch",
  "bad_event",
  "not_finished",
] as const;
export type MalformedCode = (typeof MALFORMED_CODES)[number];

export class Malformed extends Error {
  constructor(
    readonly code: MalformedCode,
    message: string,
  ) {
    super(message);
  }
}
