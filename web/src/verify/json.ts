// A JSON parser that remembers where each object's text starts and ends.
//
// The hash chain covers each event's `data` exactly as the export file holds it (docs/fair-dealing.md), so the
// verifier must hash those bytes, not a re-encoding of the parsed value: `JSON.parse` keeps no positions. This is
// the browser twin of the standalone verifier's `SpanDecoder` (verifier/tapis_verify.py), and follows Python's
// `json` where the two could differ on an export: strict strings (no raw control characters), whitespace
// ` \t\n\r` only, a field named twice refused, and the same messages for a file that ends early.

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/** An object that names the same field twice: the file is ambiguous (which value did the writer mean?). */
export class DuplicateField extends Error {}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Parsed {
  value: Json;
  /** Each parsed object (all are kept alive by `value`) -> [index of its `{`, index after its `}`] in the text. */
  spans: WeakMap<object, readonly [number, number]>;
}

// Python's own limit would be its recursion limit (about 1000): a deeper file is refused, never a stack overflow
const MAX_DEPTH = 800;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y;
const PLAIN = /[^"\\\u0000-\u001f]*/y;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

export function parseWithSpans(text: string): Parsed {
  const spans = new WeakMap<object, readonly [number, number]>();
  let at = 0;

  const fail = (message: string, position = at): never => {
    throw new JsonSyntaxError(message, position);
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
      if (at >= text.length) return fail("Unterminated string starting at", begin);
      const c = text[at];
      if (c === '"') {
        at++;
        return out;
      }
      if (c !== "\\") return fail("Invalid control character at");
      const e = text[at + 1];
      if (e === undefined) return fail("Unterminated string starting at", begin);
      if (e === "u") {
        const digits = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(digits)) return fail("Invalid \\uXXXX escape", at + 1);
        out += String.fromCharCode(parseInt(digits, 16));
        at += 6;
      } else {
        const plain = ESCAPES[e];
        if (plain === undefined) return fail("Invalid \\escape", at);
        out += plain;
        at += 2;
      }
    }
  };

  const parseValue = (depth: number): Json => {
    if (depth > MAX_DEPTH) return fail("the document is nested too deeply");
    skipSpace();
    const c = text[at];
    if (c === "{") return parseObject(depth);
    if (c === "[") {
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
        } else return fail("Expecting ',' delimiter");
      }
    }
    if (c === '"') return parseString();
    if (text.startsWith("true", at)) {
      at += 4;
      return true;
    }
    if (text.startsWith("false", at)) {
      at += 5;
      return false;
    }
    if (text.startsWith("null", at)) {
      at += 4;
      return null;
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number !== null) {
      at = NUMBER.lastIndex;
      return Number(number[0]);
    }
    return fail("Expecting value");
  };

  const parseObject = (depth: number): Json => {
    const begin = at;
    at++;
    const obj: { [key: string]: Json } = {};
    const seen = new Set<string>();
    const twice = new Set<string>();
    skipSpace();
    if (text[at] === "}") {
      at++;
    } else {
      for (;;) {
        skipSpace();
        if (text[at] !== '"') return fail("Expecting property name enclosed in double quotes");
        const key = parseString();
        skipSpace();
        if (text[at] !== ":") return fail("Expecting ':' delimiter");
        at++;
        const value = parseValue(depth + 1);
        if (seen.has(key)) twice.add(key);
        seen.add(key);
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
        return fail("Expecting ',' delimiter");
      }
    }
    if (twice.size > 0) {
      const names = [...twice].sort().map((k) => `'${k}'`);
      throw new DuplicateField(`an object names a field twice: [${names.join(", ")}]`);
    }
    spans.set(obj, [begin, at]);
    return obj;
  };

  const value = parseValue(0);
  skipSpace();
  if (at < text.length) fail("Extra data");
  return { value, spans };
}

/** Python's `lineno` and `colno` of a position (1-based), for messages that match the standalone verifier's. */
export function lineAndColumn(text: string, position: number): [number, number] {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return [line, position - before.lastIndexOf("\n")];
}
