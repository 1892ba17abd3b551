// The client's own i18n: the language in use, message formatting (interpolation and plurals) and the types that make
// a French catalogue carry exactly the keys of its English one. No library: the catalogues are plain TypeScript
// objects, so tsc checks every key and every placeholder a page asks for (index.ts merges them, t() reads them).

export type Lang = "fr" | "en";
export const LANGS: readonly Lang[] = ["fr", "en"];

/** A message that depends on a count: `one` in French covers 0 and 1, as Intl.PluralRules says. */
export interface Plural {
  readonly one: string;
  readonly other: string;
}
export type Message = string | Plural;

/**
 * The translation of an English catalogue `C`: the same keys, no more (an object literal's excess key is an error)
 * and no fewer (a missing key is an error), each a plain string or a plural as in English.
 */
export type Translation<C> = { readonly [K in keyof C]: C[K] extends Plural ? Plural : string };

/** The names between braces in a message ("{name} took row {row}" → "name" | "row"). */
type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The parameters a message needs: its placeholders, and `count` for a plural. */
export type ParamsOf<M> = M extends Plural ? Placeholders<M["one"] | M["other"]> | "count" : Placeholders<M>;
export type Args<M> = [ParamsOf<M>] extends [never] ? [] : [Readonly<Record<ParamsOf<M>, string | number>>];

const STORAGE_KEY = "tapis:lang";

function stored(): Lang | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === "fr" || value === "en" ? value : null;
  } catch {
    return null; // storage refused (a sandboxed frame): the browser's language decides
  }
}

/** The browser's first choice decides: French for `fr`, `fr-FR`, `fr-CA`…, English for anything else. */
function fromBrowser(): Lang {
  const first = typeof navigator === "undefined" ? undefined : (navigator.languages?.[0] ?? navigator.language);
  return first?.toLowerCase().startsWith("fr") ? "fr" : "en";
}

let current: Lang = typeof window === "undefined" ? "en" : (stored() ?? fromBrowser());

export function lang(): Lang {
  return current;
}

/**
 * Runs `fn` with the messages in `language`, then back to the page's: a text asked for in a given language (the
 * describer's sentences) without changing the page's or remembering anything.
 */
export function inLang<T>(language: Lang, fn: () => T): T {
  const before = current;
  current = language;
  try {
    return fn();
  } finally {
    current = before;
  }
}

/** Changes the language (remembered in this browser) and says so on `<html lang>`. */
export function setLang(next: Lang): void {
  current = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // not remembered: the page still switches
  }
  markDocument();
}

/** `<html lang>` follows the language, so screen readers pronounce the page in it. */
export function markDocument(): void {
  if (typeof document !== "undefined") document.documentElement.lang = current;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralOf(count: number): "one" | "other" {
  let rules = pluralRules.get(current);
  if (!rules) {
    rules = new Intl.PluralRules(current === "fr" ? "fr-FR" : "en-GB");
    pluralRules.set(current, rules);
  }
  return rules.select(count) === "one" ? "one" : "other";
}

/** Fills a message's placeholders; a plural picks its form from `params.count`. */
export function format(message: Message, params: Readonly<Record<string, string | number>> = {}): string {
  const text = typeof message === "string" ? message : message[pluralOf(Number(params["count"] ?? 0))];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** "a, b and c" / « a, b et c ». */
export function listOf(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1] ?? ""}`;
}
