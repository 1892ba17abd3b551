// Finds the words a page would show that do not come from the catalogue (src/i18n/): every string literal and
// template of the TypeScript sources, parsed with the TypeScript compiler, that reads as prose ("Two words",
// "Capitalised") or that is handed to something a person sees (an element's children, textContent, an aria-label
// or title, the page's notice and error regions, a button's text), unless its context shows it is code: a module
// path, a type, a property key, a comparison, a selector, a tag or attribute name, an API path, an Error for
// developers. A line may opt out with `i18n-exempt` in a comment, saying why (a language's own name).
import fs from "node:fs";
import path from "node:path";

import ts from "typescript";

// letters, Latin-1 accented ones included (not × and ÷, which sit among them)
const LETTER = /[A-Za-zÀ-ÖØ-öø-ÿ]/;
const PROSE = [/[A-Za-zÀ-ÖØ-öø-ÿ]{2,}[,:;]?\s+[A-Za-zÀ-ÖØ-öø-ÿ]{2,}/, /^\s*[A-Z][a-zß-öø-ÿ]{2,}/];

// calls whose string arguments are code, not words: DOM and storage plumbing, the catalogue's own lookups
const CODE_CALLS = new Set([
  "querySelector", "querySelectorAll", "closest", "matches", "getAttribute", "setAttribute", "removeAttribute",
  "hasAttribute", "toggleAttribute", "addEventListener", "removeEventListener", "createElement", "getItem",
  "setItem", "removeItem", "getElementById", "byId", "t", "tryT", "add", "remove", "toggle", "contains", "escape",
  "startsWith", "endsWith", "includes", "indexOf", "replace", "replaceAll", "split", "GET", "POST", "DELETE", "PUT",
  "get", "set", "has", "delete", "padStart", "padEnd", "importKey", "digest", "sign", "deriveBits", "encode",
  "movesOfType", "cardData", "tableRenderer", "fail", "malformed", "check",
]);
// arguments that are class names or tags, by callee and position
const CODE_ARGS = new Map([["h", [0]], ["el", [0]], ["moveButton", [4]], ["button", [2]], ["area", [1]]]);
// attributes whose value is code; any other attribute (aria-label, title, placeholder, alt) is read by people
const CODE_ATTRIBUTES = new Set([
  "class", "id", "type", "role", "rel", "href", "src", "name", "autocomplete", "inputmode", "for", "tabindex",
  "lang", "method", "accept", "spellcheck", "scope", "step", "min", "max", "maxlength", "rows", "value", "hidden",
  "readonly", "required", "aria-hidden", "aria-live", "aria-labelledby", "aria-describedby", "aria-current",
  "aria-pressed", "aria-busy", "aria-expanded", "aria-controls", "viewBox", "d", "fill", "stroke", "width", "height",
]);
// callees whose arguments (from the given index) are put in front of a person as they are
// (a number: that argument and every later one; a list: those arguments only)
const SINKS = new Map([
  ["h", 2], ["el", 2], ["append", 0], ["replaceChildren", 0], ["notice", [0]], ["showError", [0]], ["prompt", [0]],
  ["area", [0]], ["button", [0]], ["moveButton", [2, 3]], ["actions", [0]], ["problem", [0]], ["labelled", [0, 2]],
  ["checkbox", [0, 2]], ["confirm", [0]], ["alert", [0]], ["bindMove", [3]], ["finalPanel", [1]],
]);

function calleeName(call) {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return "";
}

function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
  return null;
}

/** Walks up through the expressions a literal passes through (a ternary, `??`, `+`) to where it is used. */
function usage(node) {
  let child = node;
  let parent = node.parent;
  while (
    parent &&
    (ts.isConditionalExpression(parent) && parent.condition !== child ||
      ts.isParenthesizedExpression(parent) ||
      ts.isBinaryExpression(parent) &&
        [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.PlusToken].includes(
          parent.operatorToken.kind,
        ) ||
      ts.isArrayLiteralExpression(parent) ||
      ts.isAsExpression(parent))
  ) {
    child = parent;
    parent = parent.parent;
  }
  return { child, parent };
}

/** Why a literal is code (a string), or null when it may be words for a person. */
function codeContext(node) {
  const direct = node.parent;
  if (ts.isImportDeclaration(direct) || ts.isExportDeclaration(direct) || ts.isExternalModuleReference(direct))
    return "module";
  if (ts.isLiteralTypeNode(direct)) return "type";
  if (ts.isPropertyAssignment(direct) && direct.name === node) return "key";
  if (ts.isElementAccessExpression(direct) && direct.argumentExpression === node) return "index";
  if (ts.isCaseClause(direct)) return "case";
  if (ts.isBinaryExpression(direct)) {
    const op = direct.operatorToken.kind;
    if (
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.InKeyword,
        ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(op)
    )
      return "comparison";
  }
  const { child, parent } = usage(node);
  if (!parent) return null;
  if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText())) return "developer error";
  if (ts.isThrowStatement(parent)) return "developer error";
  if (ts.isCallExpression(parent)) {
    const name = calleeName(parent);
    const index = parent.arguments.indexOf(child);
    if (name === "setAttribute" && index === 1) {
      const attribute = parent.arguments[0];
      return attribute && ts.isStringLiteral(attribute) && CODE_ATTRIBUTES.has(attribute.text) ? "attribute" : null;
    }
    if (CODE_ARGS.get(name)?.includes(index)) return "class or tag";
    if (CODE_CALLS.has(name)) return "call";
    if (name === "log" || name === "error" || name === "warn") return "console";
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
    const key = parent.name.getText().replace(/^["']|["']$/g, "");
    if (CODE_ATTRIBUTES.has(key) || key.startsWith("data-")) return "attribute";
  }
  return null;
}

/** Whether the literal goes straight to a person: a sink's argument, textContent, an aria-label or a title. */
function isShown(node) {
  const { child, parent } = usage(node);
  if (!parent) return false;
  if (ts.isCallExpression(parent)) {
    const shown = SINKS.get(calleeName(parent));
    const index = parent.arguments.indexOf(child);
    if (shown === undefined || index < 0) return false;
    return typeof shown === "number" ? index >= shown : shown.includes(index);
  }
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    return /\.(textContent|title|placeholder|innerText|alt)$/.test(parent.left.getText());
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
    const key = parent.name.getText().replace(/^["']|["']$/g, "");
    return ["aria-label", "title", "placeholder", "alt", "scoreLabel"].includes(key);
  }
  return false;
}

/** The untranslated literals of one source file: `{line, text}` for each. */
export function scanSource(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true);
  const lines = source.split("\n");
  const found = [];
  const visit = (node) => {
    const text = literalText(node);
    if (text !== null && LETTER.test(text)) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const exempt = /i18n-exempt/.test(lines[line] ?? "") || /i18n-exempt/.test(lines[line - 1] ?? "");
      if (!exempt && codeContext(node) === null && (PROSE.some((re) => re.test(text)) || isShown(node))) {
        found.push({ line: line + 1, text: text.slice(0, 80) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every .ts file under `dir`, but the catalogues themselves and the generated API types. */
export function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !file.includes(`${path.sep}i18n${path.sep}`))
    .sort();
}
