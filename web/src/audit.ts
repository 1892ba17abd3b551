// The audit page (audit.html): a finished game's export document, picked from disk or fetched by game id, verified
// in this browser by src/verify/ (WebCrypto and docs/fair-play.md), never by the server's /audit. Each check is shown
// by its stable code (the same in every verifier) with its verdict; those after a failure are shown as not run, as
// every verifier stops there (each builds on the ones before: the seed, then the key, then the shuffles). The
// fairness level says who could have chosen the deal: only `committed` is fair.
import { describeError, tapisClient } from "./api/client";
import { CHECK_NAMES, Malformed, SERVER_ONLY, decodeFile, isHead, verifyExport } from "./verify";
import type { CheckResult, Fairness, Report, Status } from "./verify";

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
const fairness = byId("fairness");
const rows = byId<HTMLTableElement>("checks").tBodies[0] as HTMLTableSectionElement;
const errorRegion = byId("error");

// what each check proves, in words for a person (docs/fair-play.md)
const PROVES: Record<string, string> = {
  protocol: "the stream has the exact shape its protocol version writes: no downgrade skipped a check",
  commitment: "the seed revealed at the end is the one committed to before anything was dealt",
  reveals: "each revealed entropy is the one its player committed to before anyone revealed",
  deal_key: "the deal key mixes in the seats' entropy, as they joined or revealed it",
  chain: "no event, its metadata or its time was edited, removed, inserted or moved without recomputing the chain",
  shuffles: "every shuffle follows from the key, and every dealt hand, row, pile and turned card from its shuffle",
  head: "the history you saw (the head you kept) is a prefix of this file",
};

// the fairness levels of docs/fair-play.md, for a person: only `committed` means nobody could choose the deal
const LEVELS: Record<Fairness, string> = {
  committed:
    "fair: at least one person committed to an entropy and revealed it, so nobody, the server included, could choose the deal",
  open: "not proven fair: people sent public entropy, so the server together with the last player to join could have tried entropies until the deal suited them",
  server:
    "not proven fair: no person's entropy went into the deal (all bots, or nobody committed), so the server's seed alone fixed it, and the server could have drawn it again",
  client: "not fair: the creator chose the seed (a test-mode server): the game is reproducible, nothing more",
  pending: "not dealt: nobody's cards were dealt",
};

const LABELS: Record<Status, string> = {
  ok: "pass",
  "n/a": "does not apply",
  partial: "pass, in part",
  not_run: "needs the rules",
  failed: "FAIL",
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

function show(source: string, report: Report, headGiven: boolean): void {
  rows.replaceChildren();
  const results: readonly CheckResult[] = report.checks;
  const names = CHECK_NAMES.filter((name) => name !== "head" || headGiven);
  const failed = results.find((r) => r.status === "failed");
  for (const name of names) {
    const done = results.find((r) => r.name === name);
    const row = document.createElement("tr");
    row.dataset.check = name;
    row.dataset.status = done?.status ?? "skipped";
    const title = document.createElement("th");
    title.scope = "row";
    const code = document.createElement("code");
    code.textContent = name;
    title.append(code);
    const status = cell(done ? LABELS[done.status] : "not run", "status");
    const detail = done
      ? `${done.detail}${done.status === "ok" ? ` — proves ${PROVES[name] ?? ""}` : ""}`
      : `not run: it builds on ${failed?.name ?? "an earlier check"}, which failed`;
    row.append(title, status, cell(detail, "detail"));
    rows.append(row);
  }
  if (failed) {
    verdict.dataset.verdict = "failed";
    verdict.dataset.code = failed.name;
    verdict.textContent = `FAILED ${failed.name}: ${failed.detail}`;
  } else {
    verdict.dataset.verdict = "ok";
    delete verdict.dataset.code;
    const count = (status: Status): number => results.filter((r) => r.status === status).length;
    verdict.textContent =
      `Every check done in this browser passed (${count("ok")} passed, ${count("partial")} in part, ` +
      `${count("n/a")} do not apply, ${count("not_run")} need the rules).`;
  }
  showFairness(report);
  result.dataset.source = source;
}

function showFairness(report: Report): void {
  const level = report.fairness;
  fairness.hidden = false;
  fairness.dataset.fairness = level;
  fairness.dataset.fair = String(report.fair);
  const name = document.createElement("strong");
  name.textContent = `Fairness: ${level}`;
  // a document that claims another level than its events give is named: the level shown is the events'
  const failed = report.verdict === "failed" ? " — but a check failed, so nothing is proven" : "";
  // the document's own word is not trusted: a claim its events do not bear out is named
  const claimed = report.document.claimedFairness;
  const claim =
    claimed !== null && claimed !== level ? ` (the file claims ${claimed}: its events do not bear that out)` : "";
  fairness.replaceChildren(name, ` — ${LEVELS[level]}${failed}${claim}.`);
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
  fairness.hidden = true;
  about.textContent = `Checking ${source}…`;
  verdict.dataset.verdict = "running";
  delete verdict.dataset.code;
  verdict.textContent = "Checking…";
  try {
    const report = await verifyExport(text, head || null);
    const x = report.document;
    about.textContent = `${source}: ${x.game} game ${x.gameId}, ${x.players} seats, ${x.events.length} events, export format ${x.formatVersion}, dealing ${x.dealing}.`;
    if (!gameInput.value) gameInput.value = x.gameId;
    show(source, report, head !== "");
  } catch (error) {
    about.textContent = source;
    showMalformed(error);
  }
  verdict.focus();
}

/** The verdict for a file no verifier reads: its stable code first, then why. */
function showMalformed(error: unknown): void {
  result.hidden = false;
  rows.replaceChildren();
  fairness.hidden = true;
  verdict.dataset.verdict = "malformed";
  if (error instanceof Malformed) {
    verdict.dataset.code = error.code;
    verdict.textContent = `Not a well-formed export (${error.code}), nothing checked: ${error.message}`;
  } else {
    // a shape no check expected: a bug of this page, said as such rather than as a verdict on the file
    delete verdict.dataset.code;
    verdict.textContent = `Not checked: this page met content it did not expect (${error instanceof Error ? error.message : String(error)})`;
  }
}

fileInput.addEventListener("change", async () => {
  const file = fileInput.files?.[0];
  if (!file) return;
  let text: string;
  try {
    text = decodeFile(await file.arrayBuffer());
  } catch (error) {
    showMalformed(error);
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
