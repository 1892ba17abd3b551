// The web client's two languages (src/i18n/): the French and English catalogues hold the same keys with the same
// placeholders and the same plural forms, none empty; and no source file shows a person words that do not come
// from them (test/i18n-scan.mjs).   node --test test/   (from web/, after `npm ci`)
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import * as esbuild from "esbuild";

import { scanSource, sourceFiles } from "./i18n-scan.mjs";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let catalogues;
before(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tapis-i18n-"));
  try {
    const outfile = path.join(dir, "i18n.mjs");
    await esbuild.build({
      absWorkingDir: WEB,
      entryPoints: ["src/i18n/index.ts"],
      outfile,
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      logLevel: "warning",
    });
    catalogues = await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const placeholders = (message) => {
  const texts = typeof message === "string" ? [message] : [message.one, message.other];
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])))].sort();
};

test("French and English hold the same keys", () => {
  const { en, fr } = catalogues;
  assert.deepEqual(Object.keys(fr).sort(), Object.keys(en).sort());
  assert.ok(Object.keys(en).length > 100, `only ${Object.keys(en).length} messages`);
});

test("no key is defined by two parts of the catalogue", () => {
  const { en, PARTS } = catalogues;
  const seen = new Map();
  for (const [index, part] of PARTS.entries()) {
    for (const key of Object.keys(part.en)) {
      assert.ok(!seen.has(key), `${key}: in parts ${seen.get(key)} and ${index}`);
      seen.set(key, index);
    }
  }
  assert.equal(seen.size, Object.keys(en).length);
});

test("each message has the same placeholders and the same shape in both languages, and none is empty", () => {
  const { en, fr } = catalogues;
  for (const [key, english] of Object.entries(en)) {
    const french = fr[key];
    assert.equal(typeof french, typeof english, `${key}: a plural in one language only`);
    assert.deepEqual(placeholders(french), placeholders(english), `${key}: placeholders differ`);
    for (const text of typeof english === "string" ? [english, french] : [english.one, english.other, french.one, french.other]) {
      assert.ok(text.trim().length > 0, `${key}: empty`);
    }
  }
});

test("every error code the API documents has words in both languages", () => {
  const { en } = catalogues;
  const docs = path.resolve(WEB, "..", "docs");
  const codes = new Set();
  const general = fs.readFileSync(path.join(docs, "errors.md"), "utf8");
  for (const match of general.matchAll(/^\|(?: \d{3} \|)? `([a-z_]+)`/gm)) codes.add(match[1]);
  for (const page of fs.readdirSync(path.join(docs, "games"))) {
    const text = fs.readFileSync(path.join(docs, "games", page), "utf8");
    const errors = text.split(/^## /m).find((section) => section.startsWith("Errors")) ?? "";
    for (const match of errors.matchAll(/^\| `([a-z_]+)`/gm)) codes.add(match[1]);
  }
  assert.ok(codes.size > 90, `only ${codes.size} codes found in the docs`);
  const missing = [...codes].filter((code) => !(`err.${code}` in en));
  assert.deepEqual(missing, []);
});

test("the French catalogue is French: most of its messages differ from the English ones", () => {
  const { en, fr } = catalogues;
  const same = Object.keys(en).filter((key) => JSON.stringify(en[key]) === JSON.stringify(fr[key]));
  assert.ok(same.length < Object.keys(en).length / 10, `${same.length} messages left in English: ${same.join(", ")}`);
});

test("no source file shows words outside the catalogues", () => {
  const problems = [];
  for (const file of sourceFiles(path.join(WEB, "src"))) {
    const name = path.relative(WEB, file).split(path.sep).join("/");
    const found = scanSource(name, fs.readFileSync(file, "utf8"));
    for (const { line, text } of found) problems.push(`${name}:${line}: ${JSON.stringify(text)}`);
  }
  assert.deepEqual(problems, []);
});

test("the scan bites: a literal shown to a person is found, code is not", () => {
  const found = scanSource(
    "probe.ts",
    [
      'el("p", {}, "Choose a card");',
      'notice("done");',
      'el("span", { class: "card sn-card", "aria-label": "queen" });',
      'if (view.status === "lobby") x();',
      'import { t } from "./i18n";',
      'document.querySelector(".gt-table [data-move]");',
      'el("p", {}, t("sn.choose"));',
    ].join("\n"),
  );
  assert.deepEqual(
    found.map((entry) => entry.line),
    [1, 2, 3],
  );
});

test("every word of the static pages is marked for translation, with a key the catalogue holds", () => {
  const { en } = catalogues;
  const problems = [];
  for (const page of ["index.html", "replay.html", "audit.html"]) {
    // without script nothing is translated: <noscript> says it in both languages itself
    const html = fs
      .readFileSync(path.join(WEB, "public", page), "utf8")
      .replace(/<(noscript|style|script)[^>]*>[\s\S]*?<\/\1>/g, "");
    for (const match of html.matchAll(/<([a-z0-9]+)([^<>]*)>([^<>]*[A-Za-zÀ-ÿ][^<>]*)</g)) {
      const [, tag, attributes, text] = match;
      if (tag === "a" && /class="brand"/.test(attributes)) continue; // the name of the site
      if (tag === "title" && text.trim() === "Tapis") continue;
      if (!/data-i18n="/.test(attributes)) problems.push(`${page}: <${tag}> ${text.trim().slice(0, 40)}`);
    }
    for (const match of html.matchAll(/\s(aria-label|title|placeholder)="([^"]*[A-Za-z][^"]*)"/g)) {
      const tagStart = html.lastIndexOf("<", match.index);
      const tagText = html.slice(tagStart, html.indexOf(">", match.index));
      if (match[1] === "aria-label" && !/data-i18n-label="/.test(tagText)) problems.push(`${page}: ${match[0].trim()}`);
    }
    for (const match of html.matchAll(/data-i18n(?:-label)?="([^"]+)"/g)) {
      if (!(match[1] in en)) problems.push(`${page}: no message ${match[1]}`);
    }
  }
  assert.deepEqual(problems, []);
});
