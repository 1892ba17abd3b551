// The audit page (audit.html): a finished game's export document, picked from disk or fetched by game id, verified
// in this browser by src/verify/ (WebCrypto and docs/fair-dealing.md), never by the server's /audit. Each check of the
// standalone verifier is shown with its verdict; those after a failure are shown as not run, as the standalone
// verifier stops there (each builds on the ones before: the seed, then the key, then the shuffles).
import { describeError, tapisClient } from "./api/client";
import { CHECK_NAMES, Malformed, SERVER_ONLY, decodeFile, isHead, parseExport, verifyExport } from "./verify";
import type { CheckResult } from "./verify";

const api = tapisClient();

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`audit.html has no #${id}`);
  return element as T;
}

const fileInput = byId<HTMLInputElement>("file");
const serverForm = byId<HTMLFormElement>("from-server");
const gameInput = byId<HTMLInputElement>("game-id");
const headInput = byId<HTMLInputElement>("head");
const result = byId("result");
const about = byId("about");
const verdict = byId("verdict");
const rows = byId<HTMLTableElement>("checks").tBodies[0] as HTMLTableSectionElement;
const errorRegion = byId("error");

// what each check proves, in words for a person (verifier/README.md's table)
const PROVES: Record<string, string> = {
  format: "the file describes one finished game coherently",
  commitment: "the seed revealed at the end is the one committed to before anything was dealt",
  deal_key: "the deal key mixes in the seats' public entropy, unknown to the server when it committed",
  chain: "no event was edited, removed, inserted or moved without recomputing the hash chain",
  shuffles: "every shuffle follows from the key: nobody chose a deal",
  deals: "every dealt hand, row, pile and turned card is what its shuffle deals",
  head: "the history you saw (the head you kept) is a prefix of this file",
};

function cell(text: string, className?: string): HTMLTableCellElement {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function showError(message: string): void {
  errorRegion.textContent = message;
}

function show(source: string, results: CheckResult[], headGiven: boolean): void {
  rows.replaceChildren();
  const names = CHECK_NAMES.filter((name) => name !== "head" || headGiven);
  const failed = results.find((r) => r.status === "FAILED");
  for (const name of names) {
    const done = results.find((r) => r.name === name);
    const row = document.createElement("tr");
    row.dataset.check = name;
    row.dataset.status = done?.status ?? "not-run";
    const title = document.createElement("th");
    title.scope = "row";
    title.textContent = name;
    const label = { ok: "pass", "n/a": "does not apply", FAILED: "FAIL" }[done?.status ?? "ok"];
    const status = cell(done ? label : "not run", "status");
    const detail = done
      ? `${done.detail}${done.status === "ok" ? ` — proves ${PROVES[name] ?? ""}` : ""}`
      : `not run: it builds on ${failed?.name ?? "an earlier check"}, which failed`;
    row.append(title, status, cell(detail, "detail"));
    rows.append(row);
  }
  if (failed) {
    verdict.dataset.verdict = "failed";
    verdict.textContent = `FAILED ${failed.name}: ${failed.detail}`;
  } else {
    verdict.dataset.verdict = "ok";
    const passed = results.filter((r) => r.status === "ok").length;
    verdict.textContent = `Every check done in this browser passed (${passed} passed, ${results.length - passed} do not apply).`;
  }
  result.dataset.source = source;
}

async function verifyText(source: string, text: string): Promise<void> {
  errorRegion.textContent = "";
  const head = headInput.value.trim();
  if (head !== "" && !isHead(head)) {
    showError("A chain head is 64 hex characters.");
    headInput.focus();
    return;
  }
  result.hidden = false;
  rows.replaceChildren();
  about.textContent = `Checking ${source}…`;
  verdict.dataset.verdict = "running";
  verdict.textContent = "Checking…";
  try {
    const results = await verifyExport(text, head || null);
    const x = parseExport(text);
    const fair = x.seedSource === "client" ? " The creator chose the seed (a test-mode server): reproducible, not fair." : "";
    about.textContent =
      `${source}: ${x.game} game ${x.gameId}, ${x.players} seats, ${x.events.length} events, export format ${x.formatVersion}` +
      (x.dealing !== null ? `, dealing ${x.dealing}` : "") +
      `.${fair}`;
    if (!gameInput.value) gameInput.value = x.gameId;
    show(source, results, head !== "");
  } catch (error) {
    verdict.dataset.verdict = "malformed";
    about.textContent = source;
    verdict.textContent =
      error instanceof Malformed
        ? `Not a well-formed export, nothing checked: ${error.message}`
        : `Not a well-formed export, nothing checked: unexpected content (${error instanceof Error ? error.message : String(error)})`;
  }
  verdict.focus();
}

fileInput.addEventListener("change", async () => {
  const file = fileInput.files?.[0];
  if (!file) return;
  let text: string;
  try {
    text = decodeFile(await file.arrayBuffer());
  } catch (error) {
    result.hidden = false;
    rows.replaceChildren();
    verdict.dataset.verdict = "malformed";
    verdict.textContent = `Not a well-formed export, nothing checked: ${error instanceof Error ? error.message : String(error)}`;
    return;
  }
  await verifyText(`the file ${file.name}`, text);
});

async function fetchAndVerify(gameId: string): Promise<void> {
  errorRegion.textContent = "";
  // the document as text: the chain covers each event's bytes as exported, which a parsed object no longer has
  const answer = await api
    .GET("/v1/games/{game_id}/export", { params: { path: { game_id: gameId } }, parseAs: "text" })
    .catch((failure: unknown) => ({ data: undefined, error: failure, response: undefined }));
  if (answer.data === undefined) {
    let body: unknown = answer.error;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        // not the API's error body (a proxy's page): described by its status
      }
    }
    showError(`The export of ${gameId} could not be fetched: ${describeError(body, answer.response)}`);
    return;
  }
  await verifyText(`the export of ${gameId} from this server`, answer.data);
}

serverForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const gameId = gameInput.value.trim();
  if (gameId) void fetchAndVerify(gameId);
});

const serverOnly = byId("server-only");
for (const check of SERVER_ONLY) {
  const item = document.createElement("li");
  const name = document.createElement("code");
  name.textContent = check.name;
  item.append(name, `: ${check.detail}`);
  serverOnly.append(item);
}

verdict.tabIndex = -1;
const given = new URLSearchParams(window.location.search).get("game");
if (given) {
  gameInput.value = given;
  void fetchAndVerify(given);
}
