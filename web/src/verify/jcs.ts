// RFC 8785, the JSON Canonicalization Scheme, for the values a dealing-3 link covers (docs/fair-play.md, "The chain"):
// keys sorted by their UTF-16 code units (JavaScript's default string order), no whitespace, strings escaped as
// `JSON.stringify` escapes them. The strict reader admits no number but a safe integer, so JCS's number rule is the
// integer's decimal: an export compacted, pretty-printed or with its keys reordered gives the same bytes.

import type { Json } from "./json";
import { t } from "../i18n";
import { Malformed } from "./malformed";

// a UTF-16 surrogate without its pair: such a string has no UTF-8 form, so nothing canonical to hash
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function canonical(value: Json): string {
  if (typeof value === "number") {
    // what parseStrict never gives: a number JCS would write as a float
    if (!Number.isSafeInteger(value)) throw new Error(`${value} is not an integer of at most 2^53 - 1`);
    return String(value); // -0 writes "0"
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] as Json)}`).join(",")}}`;
}

/** The UTF-8 bytes of `canonical(value)`; Malformed `not_json` when a string holds a lone surrogate (the standalone
 * verifier cannot encode one either: `JSON.stringify` would escape it, `TextEncoder` replace it, neither what it hashes). */
export function canonicalBytes(value: Json): Uint8Array<ArrayBuffer> {
  if (hasLoneSurrogate(value)) throw new Malformed("not_json", t("mf.surrogate"));
  return new TextEncoder().encode(canonical(value));
}

function hasLoneSurrogate(value: Json): boolean {
  if (typeof value === "string") return LONE_SURROGATE.test(value);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(item));
}
