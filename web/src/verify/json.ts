// The strict JSON reader every verifier uses on an export (docs/fair-play.md, "The export a verifier reads"), the
// browser twin of services/strict_json.py: the same refusals with the same stable codes.
//
// `JSON.parse` would not do: it keeps the last of two equal keys (a forged score could hide behind a first one that
// other tools show), reads `17.0` and `1e3` where the record holds integers, and puts integer-like keys first, while
// dealing 2's chain hashes each event's `data` with its keys in the file's order (`compact`).

import { t } from "../i18n";
import { Malformed } from "./malformed";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Parsed {
  value: Json;
  /** Each parsed object (all are kept alive by `value`) -> its keys in the order the text names them. */
  keyOrder: WeakMap<object, readonly string[]>;
}

export const MAX_BYTES = 64 * 1024 * 1024;
export const MAX_DEPTH = 64;

// Python's json number: its fraction and exponent are matched so that a `17.0` is refused as a number, not as text
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const PLAIN = /[^"\\\u0000-\u001f]*/y;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether arrays and objects nest more than `limit` deep, looking only at the brackets outside strings (as
 * strict_json.py's `too_deep`, before any decoding: a deep file is refused, never a stack overflow). A quote that
 * opens no closed string is passed over as one character, as that reader's pattern does.
 */
export function tooDeep(text: string, limit: number): boolean {
  let opening = 0;
  for (let i = 0; i < text.length && opening <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) opening++;
  }
  if (opening <= limit) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      if (end !== -1) i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

function closingQuote(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH) i++;
  }
  return -1;
}

/** The JSON value of `text`, every object with its keys' order; Malformed (`not_json`, `too_deep`, `duplicate_key`,
 * `bad_number`) for what a verifier refuses to read. */
export function parseStrict(text: string): Parsed {
  tooLarge(text);
  if (text.charCodeAt(0) === 0xfeff)
    throw new Malformed("not_json", t("mf.bom"));
  if (tooDeep(text, MAX_DEPTH))
    throw new Malformed("too_deep", t("mf.tooDeep", { depth: MAX_DEPTH }));
  const keyOrder = new WeakMap<object, readonly string[]>();
  let at = 0;

  const syntax = (what: string, position = at): never => {
    const [line, column] = lineAndColumn(text, position);
    const trimmed = text.trimEnd();
    const early = position >= trimmed.length || !trimmed.endsWith("}") ? t("mf.early") : "";
    throw new Malformed("not_json", t("mf.syntax", { what, line, column, early }));
  };
  const skipSpace = (): void => {
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) at++;
      else return;
    }
  };

  const parseString = (): string => {
    const begin = at; // at the opening quote
    at++;
    let out = "";
    for (;;) {
      PLAIN.lastIndex = at;
      PLAIN.exec(text);
      out += text.slice(at, PLAIN.lastIndex);
      at = PLAIN.lastIndex;
      if (at >= text.length) return syntax(t("mf.unclosed"), begin);
      const c = text[at];
      if (c === '"') {
        at++;
        return out;
      }
      if (c !== "\\") return syntax(t("mf.control"));
      const e = text[at + 1];
      if (e === undefined) return syntax(t("mf.unclosed"), begin);
      if (e === "u") {
        const digits = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(digits)) return syntax(t("mf.badUnicode"), at + 1);
        out += String.fromCharCode(parseInt(digits, 16));
        at += 6;
      } else {
        const plain = ESCAPES[e];
        if (plain === undefined) return syntax(t("mf.badEscape"), at);
        out += plain;
        at += 2;
      }
    }
  };

  const parseNumber = (): number | null => {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (match === null) return null;
    at = NUMBER.lastIndex;
    const literal = match[0];
    if (match[1] !== undefined || match[2] !== undefined)
      throw new Malformed("bad_number", t("mf.notInteger", { number: literal.slice(0, 40) }));
    const value = literal.length > 17 ? Infinity : Number(literal);
    if (!Number.isSafeInteger(value))
      throw new Malformed("bad_number", t("mf.beyond", { number: literal.slice(0, 20) }));
    return value === 0 ? 0 : value; // -0 is the integer 0
  };

  // depth: the arrays and objects around the value (tooDeep rules out a deep file; this guards the recursion alone)
  const parseValue = (depth: number): Json => {
    skipSpace();
    const c = text[at];
    if (c === "{") return parseObject(depth);
    if (c === "[") return parseArray(depth);
    if (c === '"') return parseString();
    for (const [word, value] of WORDS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return value;
      }
    }
    const number = parseNumber();
    if (number !== null) return number;
    // what Python's json reads as a float constant: refused as a number, as strict_json.py refuses it
    // i18n-exempt: the JSON constants themselves
    const constant = ["NaN", "Infinity", "-Infinity"].find((word) => text.startsWith(word, at));
    if (constant !== undefined) throw new Malformed("bad_number", t("mf.constant", { constant }));
    return syntax(t("mf.value"));
  };

  const deeper = (depth: number): void => {
    if (depth >= MAX_DEPTH)
      throw new Malformed("too_deep", t("mf.tooDeep", { depth: MAX_DEPTH }));
  };

  const parseArray = (depth: number): Json[] => {
    deeper(depth);
    at++;
    const items: Json[] = [];
    skipSpace();
    if (text[at] === "]") {
      at++;
      return items;
    }
    for (;;) {
      items.push(parseValue(depth + 1));
      skipSpace();
      if (text[at] === ",") at++;
      else if (text[at] === "]") {
        at++;
        return items;
      } else return syntax(t("mf.commaOrBracket"));
    }
  };

  const parseObject = (depth: number): Json => {
    deeper(depth);
    at++;
    const obj: { [key: string]: Json } = {};
    const keys: string[] = [];
    let twice: string | null = null;
    skipSpace();
    if (text[at] === "}") {
      at++;
    } else {
      for (;;) {
        skipSpace();
        if (text[at] !== '"') return syntax(t("mf.key"));
        const key = parseString();
        skipSpace();
        if (text[at] !== ":") return syntax(t("mf.colon"));
        at++;
        const value = parseValue(depth + 1);
        if (twice === null && Object.hasOwn(obj, key)) twice = key;
        keys.push(key);
        // defineProperty: a field called "__proto__" is a field, not the object's prototype
        Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
        skipSpace();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "}") {
          at++;
          break;
        }
        return syntax(t("mf.commaOrBrace"));
      }
    }
    // refused once the object is read, as a reader that collects its pairs first does (strict_json.py)
    if (twice !== null)
      throw new Malformed("duplicate_key", t("mf.twice", { key: JSON.stringify(twice.slice(0, 60)) }));
    keyOrder.set(obj, keys);
    return obj;
  };

  const value = parseValue(0);
  skipSpace();
  if (at < text.length) syntax(t("mf.after"));
  return { value, keyOrder };
}

const WORDS: readonly (readonly [string, Json])[] = [
  ["true", true],
  ["false", false],
  ["null", null],
];

/** The 1-based line and column of a position, for messages a person can find in the file. */
export function lineAndColumn(text: string, position: number): [number, number] {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return [line, position - before.lastIndexOf("\n")];
}

/** A text (fetched rather than read from a file) whose UTF-8 form is over MAX_BYTES: refused as its file would be. */
function tooLarge(text: string): void {
  // each UTF-16 unit is 1 to 3 bytes of UTF-8 (a pair, 4): the exact count is needed near the limit only
  if (text.length * 3 <= MAX_BYTES) return;
  const bytes = text.length > MAX_BYTES ? text.length : new TextEncoder().encode(text).byteLength;
  if (bytes > MAX_BYTES)
    throw new Malformed("too_large", t("mf.docSize", { bytes, max: MAX_BYTES }));
}

/** Decode a file's bytes as every verifier does: at most MAX_BYTES, UTF-8 or refused. */
export function decodeFile(bytes: ArrayBuffer | Uint8Array): string {
  if (bytes.byteLength > MAX_BYTES)
    throw new Malformed("too_large", t("mf.fileSize", { bytes: bytes.byteLength, max: MAX_BYTES }));
  try {
    // the byte order mark is kept, so that parseStrict refuses it
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Malformed("not_json", t("mf.utf8"));
  }
}

/**
 * Dealing 2's hashed bytes of an event's data: compact JSON, its keys in the file's order, strings escaped as Python's
 * `json.dumps(ensure_ascii=False)` and `JSON.stringify` both escape them (the store wrote it so): whitespace a JSON
 * tool added changes nothing, reordered keys do, as they always did in dealing 2.
 */
export function compact(value: Json, keyOrder: WeakMap<object, readonly string[]>): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => compact(item, keyOrder)).join(",")}]`;
  const keys = keyOrder.get(value) ?? Object.keys(value);
  return `{${keys.map((key) => `${JSON.stringify(key)}:${compact(value[key] as Json, keyOrder)}`).join(",")}}`;
}
