// The audit page's verifier on export files, for tests/browser/test_verify_vectors.py to compare with the Python
// standalone verifier check by check:  node test/verify-files.mjs [--head HEX] FILE...
// prints one JSON line per file: {"file", "results": [{name, status, detail}]} or {"file", "malformed": message}.
import fs from "node:fs";

import { loadVerifier } from "./bundle.mjs";

const v = await loadVerifier();
const args = process.argv.slice(2);
let head = null;
if (args[0] === "--head") {
  head = args[1];
  args.splice(0, 2);
}
for (const file of args) {
  let line;
  try {
    line = { file, results: await v.verifyExport(v.decodeFile(fs.readFileSync(file)), head) };
  } catch (error) {
    if (!(error instanceof v.Malformed)) throw error;
    line = { file, malformed: error.message };
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
