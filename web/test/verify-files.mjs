// The audit page's verifier (src/verify/, bundled for Node) on export files, for the Python tests to compare with the
// other verifiers and with verifier/conformance/expected.json. Two outputs:
//
//   node web/test/verify-files.mjs [--head HEX] FILE...
//       one JSON line per file: {"file", "verdict", "code", "fairness", "checks": [{name, status, detail}]}, or
//       {"file", "verdict": "malformed", "code", "message"}
//   node web/test/verify-files.mjs --codes [--head HEX] FILE_OR_DIRECTORY...
//       one JSON object: {"<file name>": {"verdict", "code"}} for every file given and every *.json of each
//       directory given (expected.json left out): what expected.json's `verdict` and `code_without_rules` say
//
// verdict: "ok" (every check run passed; code "ok"), "failed" (code: the first failed check), "malformed" (code:
// why the file is not read). A verifier bug (an exception that is neither) prints verdict "error" with its message
// and makes the exit status 1, so that a test never takes it for a verdict.
import fs from "node:fs";
import path from "node:path";

import { loadVerifier } from "./bundle.mjs";

const v = await loadVerifier();
const args = process.argv.slice(2);
let codesOnly = false;
let head = null;
for (;;) {
  if (args[0] === "--codes") {
    codesOnly = true;
    args.shift();
  } else if (args[0] === "--head") {
    head = args[1];
    args.splice(0, 2);
  } else break;
}

function filesOf(given) {
  if (!fs.statSync(given).isDirectory()) return [given];
  return fs
    .readdirSync(given)
    .filter((name) => name.endsWith(".json") && name !== "expected.json")
    .sort()
    .map((name) => path.join(given, name));
}

async function verdictOf(file) {
  try {
    const report = await v.verifyExport(v.decodeFile(fs.readFileSync(file)), head);
    return { verdict: report.verdict, code: report.code, fairness: report.fairness, checks: report.checks };
  } catch (error) {
    if (error instanceof v.Malformed) return { verdict: "malformed", code: error.code, message: error.message };
    return { verdict: "error", code: null, message: error instanceof Error ? error.stack : String(error) };
  }
}

let broken = false;
const codes = {};
for (const file of args.flatMap(filesOf)) {
  const found = await verdictOf(file);
  broken ||= found.verdict === "error";
  if (codesOnly) codes[path.basename(file)] = { verdict: found.verdict, code: found.code };
  else process.stdout.write(`${JSON.stringify({ file, ...found })}\n`);
}
if (codesOnly) process.stdout.write(`${JSON.stringify(codes, null, 1)}\n`);
process.exitCode = broken ? 1 : 0;
