// The client's catalogue: every page's messages, merged from one module per area (each holds an English and a
// French object; `Translation` makes tsc reject a key missing from, or added to, the French one). Pages call t()
// with a key and its parameters, both checked by tsc; errorText() turns an API refusal into words.
import type { Schemas } from "../api/client";
import { type Args, format, lang, type Lang, listOf, markDocument, setLang, type Translation } from "./core";
import * as audit from "./audit";
import * as barbu from "./barbu";
import * as bohnanza from "./bohnanza";
import * as daron from "./daron";
import * as describe from "./describe";
import * as errors from "./errors";
import * as leBaron from "./le-baron";
import * as malformed from "./malformed";
import * as options from "./options";
import * as replay from "./replay";
import * as ruleErrors from "./rule-errors";
import * as seatLink from "./seat-link";
import * as rules from "./rules";
import * as shell from "./shell";
import * as sheet from "./sheet";
import * as kit from "./table-kit";
import * as verify from "./verify";
import * as sixNimmt from "./six-nimmt";

export { inLang, lang, type Lang } from "./core";

export const en = {
  ...shell.en,
  ...options.en,
  ...errors.en,
  ...ruleErrors.en,
  ...kit.en,
  ...sixNimmt.en,
  ...leBaron.en,
  ...barbu.en,
  ...daron.en,
  ...bohnanza.en,
  ...replay.en,
  ...audit.en,
  ...verify.en,
  ...malformed.en,
  ...rules.en,
  ...sheet.en,
  ...describe.en,
  ...seatLink.en,
} as const;
/** The catalogue's parts, for the test that no key is defined by two of them (a spread would hide it). */
export const PARTS = [
  shell, options, errors, ruleErrors, kit, sixNimmt, leBaron, barbu, daron, bohnanza, replay, audit, verify, malformed,
  rules, sheet, describe, seatLink,
];
export type Catalogue = typeof en;
export type Key = keyof Catalogue;

export const fr: Translation<Catalogue> = {
  ...shell.fr,
  ...options.fr,
  ...errors.fr,
  ...ruleErrors.fr,
  ...kit.fr,
  ...sixNimmt.fr,
  ...leBaron.fr,
  ...barbu.fr,
  ...daron.fr,
  ...bohnanza.fr,
  ...replay.fr,
  ...audit.fr,
  ...verify.fr,
  ...malformed.fr,
  ...rules.fr,
  ...sheet.fr,
  ...describe.fr,
  ...seatLink.fr,
};

const CATALOGUES: Record<Lang, Translation<Catalogue>> = { en, fr };

/** The message `key` in the page's language, its placeholders filled. */
export function t<K extends Key>(key: K, ...args: Args<Catalogue[K]>): string {
  const params = (args[0] ?? {}) as Readonly<Record<string, string | number>>;
  return format(CATALOGUES[lang()][key], params);
}

/** A message whose key is only known at run time (an option's or a value's name from the server), or null. */
export function tryT(key: string, params: Readonly<Record<string, string | number>> = {}): string | null {
  const catalogue = CATALOGUES[lang()] as Readonly<Record<string, Parameters<typeof format>[0]>>;
  const message = catalogue[key];
  return message === undefined ? null : format(message, params);
}

/**
 * A bot's name in the page's language: the server names its bots after their level ("smart bot", "smart bot 2"),
 * which reads « robot malin 2 » in French; any other name is shown as given.
 */
export function botName(name: string | null, level: string): string {
  const words = tryT(`bot.${level}`) ?? level;
  if (name === null || name === `${level} bot`) return t("seats.bot", { level: words });
  const numbered = name.match(/^(\S+) bot (\d+)$/);
  if (numbered && numbered[1] === level) return t("seats.botN", { level: words, n: numbered[2] ?? "" });
  return name;
}

/** "a, b and c" in the page's language. */
export function list(items: readonly string[]): string {
  return listOf(items, t("page.and"));
}

/**
 * An API refusal in words, then its code (the contract, and what a person can quote). In English the server's own
 * message is shown: it is English already and often says more (which seat, which bound). In French, this client's
 * words for the code; for a code it does not know yet, the server's message. An answer that is not the API's JSON
 * (a proxy's page) is told by its status, never its markup.
 */
export function errorText(error: unknown, response?: Response): string {
  const body = (error ?? {}) as Partial<Schemas["Error"]>;
  const code = body.error?.code;
  if (typeof code === "string") {
    const server = typeof body.error?.message === "string" ? body.error.message : null;
    const words = lang() === "en" ? (server ?? tryT(`err.${code}`)) : (tryT(`err.${code}`) ?? server);
    return `${words ?? code} (${code})`;
  }
  if (response) return t("net.status", { status: `${response.status} ${response.statusText}`.trim() });
  return error instanceof Error ? t("net.unreachableBecause", { reason: error.message }) : t("net.unreachable");
}

/**
 * The static pages' words: each element marked `data-i18n="key"` gets the message as its text, and
 * `data-i18n-label="key"` as its aria-label. The HTML holds the English words, for a page read without script.
 */
export function translateStatic(root: ParentNode = document): void {
  markDocument();
  for (const element of root.querySelectorAll<HTMLElement>("[data-i18n]")) {
    const text = tryT(element.dataset["i18n"] ?? "");
    if (text !== null) element.textContent = text;
  }
  for (const element of root.querySelectorAll<HTMLElement>("[data-i18n-label]")) {
    const text = tryT(element.dataset["i18nLabel"] ?? "");
    if (text !== null) element.setAttribute("aria-label", text);
  }
}

/**
 * The FR / EN switch in the page's header: two buttons, the current one pressed. Choosing is remembered in this
 * browser (localStorage) and `redraw` draws the page again in the new language.
 */
export function mountLanguageSwitch(redraw: () => void): void {
  const header = document.querySelector("header.site");
  if (!header || header.querySelector(".lang-switch")) return;
  const group = document.createElement("div");
  group.className = "lang-switch";
  group.setAttribute("role", "group");
  const names: Record<Lang, string> = { fr: "Français", en: "English" };
  const buttons = (["fr", "en"] as const).map((code) => {
    const button = document.createElement("button");
    button.type = "button";
    button.lang = code;
    button.textContent = code.toUpperCase();
    button.setAttribute("aria-label", names[code]);
    button.dataset["lang"] = code;
    button.addEventListener("click", () => {
      if (lang() === code) return;
      setLang(code);
      mark();
      translateStatic();
      redraw();
    });
    return button;
  });
  const mark = (): void => {
    group.setAttribute("aria-label", t("page.language"));
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset["lang"] === lang()));
  };
  mark();
  group.append(...buttons);
  header.append(group);
}
