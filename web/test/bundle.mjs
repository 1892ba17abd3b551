// The in-browser verifier (src/verify/) bundled by esbuild for Node, as the page's bundle is, and imported: the tests
// run the same TypeScript the audit page runs, on Node's WebCrypto (globalThis.crypto, Node 20+).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import * as esbuild from "esbuild";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function loadVerifier() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tapis-verify-"));
  try {
    const outfile = path.join(dir, "verify.mjs");
    await esbuild.build({
      absWorkingDir: WEB,
      entryPoints: ["src/verify/index.ts"],
      outfile,
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      logLevel: "warning",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
