// The audit page (audit.html): a finished game's export document, picked from disk or fetched by game id, verified
// in this browser by src/verify/ (WebCrypto and docs/fair-play.md), never by the server's /audit. Each check is shown
// by its stable code (the same in every verifier) with its verdict; those after a failure are shown as not run, as
// every verifier stops there (each builds on the ones before: the seed, then the key, then the shuffles). The
// fairness level says who could have chosen the deal: only `committed` is fair.
import { tapisClient } from "./api/client";
import { errorText, mountLanguageSwitch, t, translateStatic, tryT } from "./i18n";
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

// what each check proves, in words for a person (docs/fair-play.md): the catalogue's au.p.<check>
function proves(check: string): string {
  return tryT(`au.p.${check}`) ?? "";
}

// the fairness levels of docs/fair-play.md, for a person: only `committed` means nobody could choose the deal
const LEVELS = {
  committed: "au.l.committed",
  open: "au.l.open",
  server: "au.l.server",
  client: "au.l.client",
  pending: "au.l.pending",
} as const satisfies Record<Fairness, string>;

const LABELS = {
  ok: "au.s.ok",
  "n/a": "au.s.n/a",
  partial: "au.s.partial",
  not_run: "au.s.not_run",
  failed: "au.s.failed",
} as const satisfies Record<Status, string>;

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
    const status = cell(done ? t(LABELS[done.status]) : t("au.notRun"), "status");
    const detail = done
      ? done.status === "ok"
        ? t("au.proves", { detail: done.detail, proves: proves(name) })
        : done.detail
      : t("au.buildsOn", { check: failed?.name ?? t("au.earlier") });
    row.append(title, status, cell(detail, "detail"));
    rows.append(row);
  }
  if (failed) {
    verdict.dataset.verdict = "failed";
    verdict.dataset.code = failed.name;
    verdict.textContent = t("au.failed", { check: failed.name, detail: failed.detail });
  } else {
    verdict.dataset.verdict = "ok";
    delete verdict.dataset.code;
    const count = (status: Status): number => results.filter((r) => r.status === status).length;
    verdict.textContent = t("au.passed", {
      ok: count("ok"),
      partial: count("partial"),
      na: count("n/a"),
      rules: count("not_run"),
    });
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
  name.textContent = t("au.fairness", { level });
  // a document that claims another level than its events give is named: the level shown is the events'
  const failed = report.verdict === "failed" ? t("au.butFailed") : "";
  // the document's own word is not trusted: a claim its events do not bear out is named
  const claimed = report.document.claimedFairness;
  const claim = claimed !== null && claimed !== level ? t("au.claims", { claimed }) : "";
  fairness.replaceChildren(name, t("au.levelLine", { level: t(LEVELS[level]), failed, claim }));
}

async function verifyText(source: string, text: string): Promise<void> {
  errorRegion.textContent = "";
  const head = headInput.value.trim();
  if (head !== "" && !isHead(head)) {
    showError(t("au.badHead"));
    headInput.focus();
    return;
  }
  result.hidden = false;
  rows.replaceChildren();
  fairness.hidden = true;
  about.textContent = t("au.checking", { source });
  verdict.dataset.verdict = "running";
  delete verdict.dataset.code;
  verdict.textContent = t("au.checkingShort");
  try {
    const report = await verifyExport(text, head || null);
    const x = report.document;
    about.textContent = t("au.about", {
      source,
      game: x.game,
      id: x.gameId,
      players: x.players,
      events: x.events.length,
      format: x.formatVersion,
      dealing: x.dealing,
    });
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
    verdict.textContent = t("au.malformed", { code: error.code, message: error.message });
  } else {
    // a shape no check expected: a bug of this page, said as such rather than as a verdict on the file
    delete verdict.dataset.code;
    verdict.textContent = t("au.unexpected", { message: error instanceof Error ? error.message : String(error) });
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
  await verifyText(t("au.theFile", { name: file.name }), text);
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
    showError(t("au.noExport", { id: gameId, error: errorText(body, answer.response) }));
    return;
  }
  await verifyText(t("au.fromServer", { id: gameId }), answer.data);
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

// the page's static words in the reader's language; the switch reloads (the address keeps the game)
translateStatic();
mountLanguageSwitch(() => window.location.reload());
verdict.tabIndex = -1;
const given = new URLSearchParams(window.location.search).get("game");
if (given) {
  gameInput.value = given;
  void fetchAndVerify(given);
}
