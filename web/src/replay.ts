// The replay viewer (replay.html?game=<id>[&version=N]): every version of a game, 1..head, as one viewer saw it.
// The table at version N is what `GET /v1/games/{id}/replay?version=N` gives that viewer (a spectator, or a seat by
// its token), drawn by the game's own renderer with no move to make; beside it the event log (`GET /events`,
// redacted for the same viewer, as the API gives it, each event in a sentence (src/describe/), its JSON behind a
// toggle), the current version highlighted, each event a button that
// goes there. Step with the buttons, the slider or the arrow keys.
import { bearer, type GameView, type Schemas, tapisClient } from "./api/client";
import { botName, errorText, mountLanguageSwitch, t, translateStatic } from "./i18n";
import { describe } from "./describe";
import { renderers } from "./games";
import { tokens } from "./tokens";

type EventOut = Schemas["EventOut"];

const api = tapisClient();
const PAGE = 1000; // the API's largest page of events

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`replay.html has no #${id}`);
  return element as T;
}

const title = byId("title");
const pick = byId<HTMLFormElement>("pick");
const replay = byId("replay");
const viewerForm = byId<HTMLFormElement>("viewer");
const viewerSelect = byId<HTMLSelectElement>("viewer-select");
const tokenField = byId("token-field");
const tokenInput = byId<HTMLInputElement>("token");
const scrub = byId<HTMLInputElement>("scrub");
const position = byId("position");
const table = byId("table");
const log = byId<HTMLOListElement>("log");
const errorRegion = byId("error");
const buttons = {
  first: byId<HTMLButtonElement>("first"),
  back: byId<HTMLButtonElement>("back"),
  forward: byId<HTMLButtonElement>("forward"),
  last: byId<HTMLButtonElement>("last"),
};

function showError(message: string): void {
  errorRegion.textContent = message;
}

/** One openapi-fetch answer: its data, or undefined after showing the server's error in words. */
async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T | undefined> {
  try {
    const answer = await request;
    if (answer.data !== undefined) return answer.data;
    showError(errorText(answer.error, answer.response));
  } catch (failure) {
    showError(t("net.unreachableBecause", { reason: failure instanceof Error ? failure.message : String(failure) }));
  }
  return undefined;
}

// ---- who is watching -------------------------------------------------------------------------------------------
// The table keeps a seat's token per game in this tab's sessionStorage (tokens.ts, tab-store.ts): a player who
// goes from the table to its replay replays as their seat without pasting anything. A pasted token stays in this
// page only.

// ---- the replay's state ----------------------------------------------------------------------------------------

const params = new URLSearchParams(window.location.search);
const gameId = params.get("game")?.trim() ?? "";
let token: string | null = null;
let head = 1;
let current = 1;
let events: EventOut[] = [];
let views = new Map<number, GameView>(); // per version, for the current viewer
let wanted = 1; // the version the user asked for last: an answer for an older one is not drawn
let started = false;
let generation = 0; // bumped when the viewer changes: answers for the previous viewer are dropped

function headers(): Record<string, string> {
  return bearer(token);
}

async function loadEvents(): Promise<EventOut[] | undefined> {
  const all: EventOut[] = [];
  for (;;) {
    const after = all.length > 0 ? (all[all.length - 1] as EventOut).version : 0;
    const page = await call(
      api.GET("/v1/games/{game_id}/events", {
        params: { path: { game_id: gameId }, query: { after, limit: PAGE } },
        headers: headers(),
      }),
    );
    if (page === undefined) return undefined;
    all.push(...page.events);
    if (page.events.length < PAGE) return all;
  }
}

async function viewAt(version: number): Promise<GameView | undefined> {
  // this viewer's cache and token as they are now: an answer that comes after a change of viewer is not theirs
  const cache = views;
  const known = cache.get(version);
  if (known) return known;
  const shown = await call(
    api.GET("/v1/games/{game_id}/replay", {
      params: { path: { game_id: gameId }, query: { version } },
      headers: headers(),
    }),
  );
  if (shown !== undefined) cache.set(version, shown);
  return shown;
}

function summary(data: Record<string, unknown>): string {
  const { type: _type, ...fields } = data;
  const text = JSON.stringify(fields);
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

// the game and its seats' names (from the head's view), for the log's sentences
let gameName = "";
let seatNames: string[] = [];
let showJson = false;

/** An event in a sentence in the page's language (src/describe/), or its type for one without a sentence. */
function sentence(event: EventOut): string {
  return describe(gameName, event, seatNames) ?? event.type;
}

function drawLog(): void {
  log.replaceChildren(
    ...events.map((event) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.version = String(event.version);
      const version = document.createElement("span");
      version.className = "v";
      version.textContent = String(event.version);
      const said = document.createElement("span");
      said.className = "s";
      said.textContent = sentence(event);
      said.hidden = showJson;
      // the raw event behind the toggle: its type and fields as the API sent them
      const raw = document.createElement("span");
      raw.className = "raw";
      raw.hidden = !showJson;
      const type = document.createElement("span");
      type.className = "t";
      type.textContent = event.type;
      const detail = document.createElement("code");
      detail.className = "d";
      detail.textContent = summary(event.data);
      raw.append(type, detail);
      button.append(version, said, raw);
      button.setAttribute("aria-label", t("rp.event", { version: event.version, type: said.textContent }));
      button.addEventListener("click", () => go(event.version));
      item.append(button);
      return item;
    }),
  );
}

/** The toggle over the log: sentences (the default) or each event's JSON. */
function setUpJsonToggle(): void {
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "show-json";
  const label = document.createElement("label");
  label.htmlFor = box.id;
  label.textContent = t("rp.showJson");
  const field = document.createElement("div");
  field.classList.add("field", "inline", "json-toggle");
  field.append(box, label);
  log.before(field);
  box.addEventListener("change", () => {
    showJson = box.checked;
    for (const item of log.querySelectorAll<HTMLElement>(".s")) item.hidden = showJson;
    for (const item of log.querySelectorAll<HTMLElement>(".raw")) item.hidden = !showJson;
  });
}

function markLog(version: number): void {
  for (const button of log.querySelectorAll<HTMLButtonElement>("button[aria-current]")) {
    button.removeAttribute("aria-current");
  }
  const button = log.querySelector<HTMLButtonElement>(`button[data-version="${version}"]`);
  if (!button) return;
  button.setAttribute("aria-current", "step");
  // keep the current event in sight inside the log, without scrolling the page itself
  const top = button.offsetTop - log.offsetTop;
  if (top < log.scrollTop || top + button.offsetHeight > log.scrollTop + log.clientHeight) {
    log.scrollTop = Math.max(0, top - log.clientHeight / 2);
  }
}

/** Before the start there is no table: who has sat down so far. */
function lobby(view: GameView): HTMLElement {
  const panel = document.createElement("div");
  panel.className = "replay-lobby";
  panel.dataset.version = String(view.version);
  panel.dataset.status = view.status;
  const heading = document.createElement("h3");
  heading.textContent = view.status === "expired" ? t("rp.expired") : t("rp.lobby");
  const seats = document.createElement("ul");
  seats.setAttribute("aria-label", t("rp.seats"));
  for (const seat of view.players) {
    const item = document.createElement("li");
    const who = seat.name ?? null;
    const named = seat.bot ? botName(who, seat.bot) : (who ?? t("rp.free"));
    item.textContent = t("rp.seat", { seat: seat.seat + 1, who: named });
    seats.append(item);
  }
  panel.append(heading, seats);
  return panel;
}

function drawTable(view: GameView): void {
  const renderer = renderers[view.game];
  table.dataset.version = String(view.version);
  table.dataset.seat = view.you === null || view.you === undefined ? "spectator" : String(view.you);
  if (view.state === null || view.state === undefined) {
    table.replaceChildren(lobby(view)); // the lobby (or an expired one): the renderers draw a game under way
    return;
  }
  if (!renderer) {
    table.textContent = t("rp.noTable", { game: view.game });
    return;
  }
  renderer.render(table, { game: view.game, view, seat: view.you ?? null, moves: [], play: () => undefined });
}

function updateControls(): void {
  scrub.max = String(head);
  scrub.value = String(current);
  scrub.setAttribute("aria-valuetext", t("rp.valueText", { current, head }));
  buttons.first.disabled = buttons.back.disabled = current <= 1;
  buttons.forward.disabled = buttons.last.disabled = current >= head;
  const event = events.find((e) => e.version === current);
  position.textContent = event
    ? t("rp.positionEvent", { current, head, type: sentence(event) })
    : t("rp.position", { current, head });
  const url = new URL(window.location.href);
  url.searchParams.set("version", String(current));
  window.history.replaceState(null, "", url);
}

/** Go to a version: the controls move at once, the table when its view is there. */
function go(version: number): void {
  const target = Math.min(Math.max(1, Math.round(version)), head);
  wanted = target;
  current = target;
  updateControls();
  markLog(target);
  void show();
}

let busy = false;
let drawn = ""; // `${generation}:${version}` of the table on screen

/** Draw the version asked for last. One request at a time: scrubbing the slider over a hundred versions asks for
 * the one it rests on, not for each it passed. */
async function show(): Promise<void> {
  if (busy) return; // the loop below picks up the newest `wanted` when its answer is in
  busy = true;
  table.setAttribute("aria-busy", "true");
  try {
    for (;;) {
      const key = `${generation}:${wanted}`;
      if (key === drawn) break;
      const view = await viewAt(wanted);
      if (key !== `${generation}:${wanted}`) continue; // another version (or viewer) was asked for meanwhile
      drawn = key; // drawn, or its error shown: not asked again in a loop
      if (view) {
        errorRegion.textContent = "";
        drawTable(view);
      }
    }
  } finally {
    busy = false;
    table.setAttribute("aria-busy", "false");
  }
}

/** (Re)load everything as the chosen viewer: the head, the events, and the version the user is at. */
async function start(): Promise<void> {
  generation += 1;
  const asked = generation;
  views = new Map();
  const now = await call(
    api.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } }, headers: headers() }),
  );
  if (asked !== generation) return;
  if (now === undefined) {
    // a token refused (or the game unknown): nothing of the previous viewer's stays on the screen as if it were theirs
    table.replaceChildren();
    delete table.dataset.version;
    delete table.dataset.seat;
    position.textContent = t("rp.nothing");
    drawn = "";
    if (!started) {
      // nothing was ever shown (the game is unknown, the server failed; its words are in the alert): say so in the
      // page and offer a way on, another game id (and the lobby, in the header), rather than an empty page
      title.textContent = t("rp.cannot", { id: gameId });
      document.title = t("rp.notShown");
      byId<HTMLInputElement>("pick-game").value = gameId;
      pick.hidden = false;
    }
    return;
  }
  head = Math.max(1, now.version);
  gameName = now.game;
  seatNames = [];
  for (const seat of now.players) {
    const who = seat.name ?? null;
    seatNames[seat.seat] = seat.bot ? botName(who, seat.bot) : (who ?? t("ev.seat", { seat: seat.seat + 1 }));
  }
  title.textContent = t("rp.of", { game: now.game, id: gameId });
  document.title = t("rp.docTitle", { game: now.game, id: gameId });
  const loaded = await loadEvents();
  if (loaded === undefined || asked !== generation) return;
  events = loaded;
  drawLog();
  replay.hidden = false;
  // the version in the address on arrival (a shared link), else the head; a change of viewer stays where it was
  const asks = started ? current : Number(params.get("version") || head);
  started = true;
  go(Number.isInteger(asks) && asks >= 1 ? asks : head);
}

function setUpViewers(): void {
  const stored = tokens.seat(gameId);
  if (stored) {
    const option = new Option(t("rp.stored", { seat: stored.seat + 1 }), "stored");
    viewerSelect.append(option);
  }
  viewerSelect.append(new Option(t("rp.byToken"), "token"));
  if (stored) {
    viewerSelect.value = "stored";
    token = stored.token;
  }
  viewerSelect.addEventListener("change", () => {
    tokenField.hidden = viewerSelect.value !== "token";
    if (viewerSelect.value === "token") {
      tokenInput.focus();
      return;
    }
    token = viewerSelect.value === "stored" ? (tokens.seat(gameId)?.token ?? null) : null;
    void start();
  });
  viewerForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const pasted = tokenInput.value.trim();
    if (!pasted) {
      showError(t("rp.paste"));
      return;
    }
    token = pasted;
    void start();
  });
}

function setUpTimeline(): void {
  buttons.first.addEventListener("click", () => go(1));
  buttons.back.addEventListener("click", () => go(current - 1));
  buttons.forward.addEventListener("click", () => go(current + 1));
  buttons.last.addEventListener("click", () => go(head));
  scrub.addEventListener("input", () => go(Number(scrub.value)));
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    // typing in a field, or the slider's own arrow keys (it moves itself and says so with `input`)
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
      return;
    if (event.altKey || event.ctrlKey || event.metaKey || replay.hidden) return;
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 1, End: head };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
}

// the form to pick a game: shown with no game in the address, and when the one asked for cannot be shown
pick.addEventListener("submit", (event) => {
  event.preventDefault();
  const chosen = byId<HTMLInputElement>("pick-game").value.trim();
  if (chosen) window.location.search = `?game=${encodeURIComponent(chosen)}`;
});
// the page's static words in the reader's language; the switch reloads (the address keeps the game and version)
translateStatic();
mountLanguageSwitch(() => window.location.reload());
if (!gameId) {
  pick.hidden = false;
} else {
  byId<HTMLAnchorElement>("audit-link").href = `/audit.html?game=${encodeURIComponent(gameId)}`;
  setUpViewers();
  setUpTimeline();
  setUpJsonToggle();
  void start();
}
