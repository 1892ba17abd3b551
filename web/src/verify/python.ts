// Python's equality and `repr` of JSON values, as the standalone verifier applies them where a check compares what
// the file holds with what the algorithm gives (a deal): the same verdict on the same file.

import type { Json } from "./json";

/** Python's `==` on decoded JSON: deep, and `True == 1` (a bool is an int in Python). */
export function pyEquals(a: Json | undefined, b: Json | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if ((typeof a === "boolean" || typeof a === "number") && (typeof b === "boolean" || typeof b === "number"))
    return Number(a) === Number(b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => pyEquals(item, b[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]));
}

function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\\" || ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return quote + out + quote;
}

function reprNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n);
  const text = String(n);
  return /[.e]/.test(text) ? text.replace(/e([+-])(\d)$/, "e$10$2") : `${text}.0`;
}

/** Python's `repr` of a decoded JSON value (`None`, `True`, `'text'`, `[1, 2]`, `{'a': 1}`). */
export function pyRepr(value: Json | undefined): string {
  // i18n-exempt: Python's own words, as the standalone verifier prints them
  if (value === undefined || value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False"; // i18n-exempt: Python's literals
  if (typeof value === "number") return reprNumber(value);
  if (typeof value === "string") return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`)
    .join(", ")}}`;
}
