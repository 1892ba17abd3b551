// The lobby and the table (index.html). `/` lists, filters and creates games; `/?game=<id>` is one game's table:
// its lobby (join, bots, start), the game drawn by its renderer (games/index.ts), live over the SSE stream, and the
// end (scores, rematch). Every call goes through the typed client (api/client.ts); a refused call shows the server's
// own message (docs/errors.md) in the page's aria-live alert region.
import { createParser } from "eventsource-parser";

import { bearer, type GameView, type paths, type Schemas, tapisClient } from "./api/client";
import { FairPlay, fairnessPhrase, seatMark } from "./fair-play";
import { renderers } from "./games";
import { botName, errorText, list, mountLanguageSwitch, t, translateStatic, tryT } from "./i18n";

type CommandBody = paths["/v1/games/{game_id}/commands"]["post"]["requestBody"]["content"]["application/json"];
type Json = Record<string, unknown>;
type Status = GameView["status"];
type GameName = paths["/v1/catalog/{game}"]["get"]["parameters"]["path"]["game"];

const api = tapisClient();
const STATUSES: Status[] = ["lobby", "active", "finished", "expired"];

// ---- the page's regions ----------------------------------------------------------------------------------------

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html has no #${id}`);
  return element;
}

const main = byId("main");
const errorRegion = byId("error");
const noticeRegion = byId("notice");

function showError(message: string): void {
  // emptied first so that the same message twice is announced twice
  errorRegion.textContent = "";
  window.setTimeout(() => {
    errorRegion.textContent = message;
  }, 30);
}

function clearError(): void {
  errorRegion.textContent = "";
}

function notice(message: string): void {
  noticeRegion.textContent = message;
}

/** One openapi-fetch answer: its data, or undefined after showing the server's error in words. */
async function call<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T | undefined> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await request;
  } catch (failure) {
    if (failure instanceof DOMException && failure.name === "AbortError") return undefined;
    showError(t("net.unreachableBecause", { reason: failure instanceof Error ? failure.message : String(failure) }));
    return undefined;
  }
  if (answer.error !== undefined || !answer.response.ok) {
    showError(errorText(answer.error, answer.response));
    return undefined;
  }
  return answer.data;
}

// ---- small DOM helpers -------------------------------------------------------------------------------------------

type Child = Node | string | null | undefined | false;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}

let uniqueId = 0;
function nextId(prefix: string): string {
  uniqueId += 1;
  return `${prefix}-${uniqueId}`;
}

/** A labelled control: the label's `for` names the control, so screen readers and Playwright's getByLabel find it. */
function labelled(text: string, control: HTMLElement, hint?: string): HTMLElement {
  if (!control.id) control.id = nextId("f");
  const label = h("label", { for: control.id }, text);
  const wrapper = h("div", { class: "field" }, label, control);
  if (hint) {
    const hintId = `${control.id}-hint`;
    wrapper.append(h("small", { id: hintId, class: "muted" }, hint));
    control.setAttribute("aria-describedby", hintId);
  }
  return wrapper;
}

function checkbox(text: string, checked: boolean, hint?: string): { element: HTMLElement; input: HTMLInputElement } {
  const input = h("input", { type: "checkbox", id: nextId("c") });
  input.checked = checked;
  const element = h("div", { class: "field inline" }, input, h("label", { for: input.id }, text));
  if (hint) {
    const hintId = `${input.id}-hint`;
    element.append(h("small", { id: hintId, class: "muted hint" }, hint));
    input.setAttribute("aria-describedby", hintId);
  }
  return { element, input };
}

function select(options: [string, string][], selected?: string): HTMLSelectElement {
  const element = h("select");
  for (const [value, text] of options) {
    const option = h("option", { value }, text);
    if (value === selected) option.selected = true;
    element.append(option);
  }
  return element;
}

function button(text: string, onClick: () => void | Promise<void>, className?: string): HTMLButtonElement {
  const element = h("button", { type: "button", class: className });
  element.textContent = text;
  element.addEventListener("click", () => {
    element.disabled = true;
    void Promise.resolve(onClick()).finally(() => {
      element.disabled = false;
    });
  });
  return element;
}

/**
 * What the page shows when it cannot show what was asked (a game that does not exist, a server that answers 5xx or
 * not at all): a sentence in place of the missing content and a way on, never a blank page. The server's words
 * stay in the alert region; this panel says what it means here and offers the lobby and a retry.
 */
function problem(sentence: string, retry: () => void): HTMLElement {
  return h(
    "section",
    { class: "panel problem", "aria-labelledby": "problem-title" },
    h("h1", { id: "problem-title", tabindex: "-1" }, sentence),
    h(
      "div",
      { class: "actions" },
      h("a", { href: "/", class: "button" }, t("problem.lobby")),
      button(t("problem.retry"), retry, "secondary"),
    ),
  );
}

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, "0")).join("");
}

function gameLink(gameId: string, joinCode?: string | null): string {
  const url = new URL("/", window.location.origin);
  url.searchParams.set("game", gameId);
  if (joinCode) url.searchParams.set("code", joinCode);
  return url.toString();
}

// ---- tokens kept in this browser ---------------------------------------------------------------------------------
// A seat's token is the only proof of the seat (the server keeps its hash), so it is kept per game in localStorage:
// a reload, or the game link opened again in the same browser, finds the seat again.

interface SeatToken {
  seat: number;
  token: string;
}
interface AdminToken {
  token: string;
  joinCode: string | null;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const tokens = {
  seat: (gameId: string): SeatToken | null => readJson<SeatToken>(`tapis:seat:${gameId}`),
  setSeat: (gameId: string, value: SeatToken | null): void => {
    if (value) window.localStorage.setItem(`tapis:seat:${gameId}`, JSON.stringify(value));
    else window.localStorage.removeItem(`tapis:seat:${gameId}`);
  },
  admin: (gameId: string): AdminToken | null => readJson<AdminToken>(`tapis:admin:${gameId}`),
  setAdmin: (gameId: string, value: AdminToken): void => {
    window.localStorage.setItem(`tapis:admin:${gameId}`, JSON.stringify(value));
  },
  forgetAdmin: (gameId: string): void => {
    window.localStorage.removeItem(`tapis:admin:${gameId}`);
  },
};

// ---- the catalog -------------------------------------------------------------------------------------------------

let catalogCache: Schemas["CatalogEntry"][] | null = null;

async function catalog(): Promise<Schemas["CatalogEntry"][]> {
  if (catalogCache) return catalogCache;
  const data = await call(api.GET("/v1/catalog"));
  if (data) catalogCache = data.games;
  return data?.games ?? [];
}

function titleOf(game: string): string {
  return catalogCache?.find((entry) => entry.game === game)?.title ?? game;
}

/** The bot levels the server offers (the catalog's `bots`, in its order). */
function botLevels(game: string): string[] {
  return catalogCache?.find((entry) => entry.game === game)?.bots ?? [];
}

/** A seat's name as shown: a bot's in the page's language (« robot malin »), a person's as given, null if empty. */
function shownName(player: GameView["players"][number] | undefined): string | null {
  if (!player) return null;
  return player.bot ? botName(player.name, player.bot) : player.name;
}

// the level the bot form starts on when offered: it plays well and answers at once (a search level takes longer)
const DEFAULT_BOT = "smart";

// ---- options form from the catalog's JSON Schema ------------------------------------------------------------------
// Each game's options are a msgspec struct whose JSON Schema the catalog gives (`options_schema`, with `$defs`);
// the form follows the schema rather than knowing the games, so a new option or a new game needs no web change.

interface Field {
  element: HTMLElement;
  value(): unknown;
}

function resolve(node: Json, root: Json): Json {
  const ref = node["$ref"];
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
    const defs = (root["$defs"] ?? {}) as Record<string, Json>;
    const target = defs[ref.slice("#/$defs/".length)];
    if (target) return resolve(target, root);
  }
  return node;
}

function words(name: string): string {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An option's label from the catalogue; an option this client has no words for yet shows its name. */
function optionLabel(name: string): string {
  return tryT(`opt.${name}`) ?? words(name);
}

/** The help line under an option (every option the client knows has one). */
function optionHelp(name: string): string | undefined {
  return tryT(`opt.${name}.help`) ?? undefined;
}

/** An option value's words ("full", « complet »); `fallback` for a value the catalogue does not hold. */
function valueLabel(value: unknown, fallback: string): string {
  return tryT(`val.${String(value)}`) ?? fallback;
}

/** Bot levels in words (« malin »), the level itself for one this client does not know. */
function botLabel(level: string): string {
  return tryT(`bot.${level}`) ?? level;
}

function field(name: string, raw: Json, initial: unknown, root: Json): Field {
  const node = resolve(raw, root);
  const title = optionLabel(name);
  const help = optionHelp(name);
  const enumValues = node["enum"];
  if (Array.isArray(enumValues)) {
    const control = select(
      enumValues.map((value) => [JSON.stringify(value), valueLabel(value, String(value))]),
      JSON.stringify(initial ?? node["default"] ?? enumValues[0]),
    );
    control.name = name;
    return { element: labelled(title, control, help), value: () => JSON.parse(control.value) as unknown };
  }
  const anyOf = node["anyOf"];
  if (Array.isArray(anyOf)) {
    const variants = (anyOf as Json[]).map((variant) => resolve(variant, root));
    const nonNull = variants.filter((variant) => variant["type"] !== "null");
    const discriminator = node["discriminator"] as { propertyName?: string } | undefined;
    if (discriminator?.propertyName) return unionField(name, discriminator.propertyName, nonNull, initial, root);
    const only = nonNull[0];
    if (nonNull.length === 1 && only && nonNull.length < variants.length) {
      return nullableField(name, only, initial);
    }
  }
  const type = node["type"];
  if (type === "integer" || type === "number") {
    const control = h("input", { type: "number", name, inputmode: "numeric" });
    if (type === "integer") control.step = "1";
    control.value = String(initial ?? node["default"] ?? "");
    return {
      element: labelled(title, control, help),
      value: () => (control.value === "" ? undefined : Number(control.value)),
    };
  }
  if (type === "boolean") {
    const box = checkbox(title, Boolean(initial ?? node["default"]), help);
    return { element: box.element, value: () => box.input.checked };
  }
  if (type === "string") {
    const control = h("input", { type: "text", name });
    control.value = String(initial ?? node["default"] ?? "");
    return { element: labelled(title, control, help), value: () => control.value };
  }
  const items = node["items"] ? resolve(node["items"] as Json, root) : null;
  if (type === "array" && items && Array.isArray(items["enum"])) {
    const given = (Array.isArray(initial) ? initial : []) as unknown[];
    const chosen = new Set(given);
    const set = h("fieldset", {}, h("legend", {}, title), help ? h("small", { class: "muted" }, help) : null);
    // the default's own order first (barbu's contracts come in the rulebook's), then the other choices
    const order = [...given, ...(items["enum"] as unknown[]).filter((value) => !chosen.has(value))];
    const boxes = order.map((value) => {
      const box = checkbox(valueLabel(value, words(String(value))), chosen.has(value));
      set.append(box.element);
      return [value, box.input] as const;
    });
    return { element: set, value: () => boxes.filter(([, input]) => input.checked).map(([value]) => value) };
  }
  if (type === "object" && node["properties"]) return objectField(title, node, initial as Json | undefined, root);
  // a shape the form does not know: JSON typed by hand, still labelled and still checked by the server
  const control = h("textarea", { name, rows: "2" });
  control.value = JSON.stringify(initial ?? node["default"] ?? null);
  return {
    element: labelled(t("opt.json", { label: title }), control, help),
    value: () => {
      try {
        return JSON.parse(control.value) as unknown;
      } catch {
        return control.value;
      }
    },
  };
}

function nullableField(name: string, node: Json, initial: unknown): Field {
  const control = h("input", { type: "number", name, inputmode: "numeric", step: "1" });
  control.value = initial === null || initial === undefined ? "" : String(initial);
  const isNumber = node["type"] === "integer" || node["type"] === "number";
  return {
    element: labelled(optionLabel(name), control, optionHelp(name) ?? t("opt.none")),
    value: () => (control.value === "" ? null : isNumber ? Number(control.value) : control.value),
  };
}

function objectField(title: string | null, node: Json, initial: Json | undefined, root: Json, skip?: string): Field {
  // a union's variant sits in the union's own fieldset: no second legend for it
  const set = title === null ? h("div") : h("fieldset", {}, h("legend", {}, title));
  const properties = (node["properties"] ?? {}) as Record<string, Json>;
  const fields: [string, Field][] = [];
  for (const [key, child] of Object.entries(properties)) {
    if (key === skip) continue;
    const sub = field(key, child, initial?.[key], root);
    fields.push([key, sub]);
    set.append(sub.element);
  }
  return {
    element: set,
    value: () => {
      const value: Json = {};
      for (const [key, sub] of fields) {
        const got = sub.value();
        if (got !== undefined) value[key] = got;
      }
      return value;
    },
  };
}

/** A tagged union (six-nimmt's `end`: a threshold or a number of rounds): pick the kind, then fill its fields. */
function unionField(name: string, tag: string, variants: Json[], initial: unknown, root: Json): Field {
  const kindOf = (variant: Json): string => {
    const property = ((variant["properties"] ?? {}) as Record<string, Json>)[tag];
    const values = property?.["enum"];
    return Array.isArray(values) ? String(values[0]) : String(variant["title"] ?? "");
  };
  const start = (initial ?? {}) as Json;
  const help = optionHelp(name);
  const set = h("fieldset", {}, h("legend", {}, optionLabel(name)), help ? h("small", { class: "muted" }, help) : null);
  const kinds = variants.map(kindOf);
  const chooser = select(
    kinds.map((kind) => [kind, valueLabel(kind, words(kind))]),
    String(start[tag] ?? kinds[0]),
  );
  const body = h("div");
  set.append(labelled(optionLabel(tag), chooser, optionHelp(tag)), body);
  let current: Field | null = null;
  const draw = (): void => {
    const index = Math.max(0, kinds.indexOf(chooser.value));
    const variant = variants[index] ?? {};
    const same = start[tag] === chooser.value ? start : undefined;
    current = objectField(null, variant, same, root, tag);
    body.replaceChildren(current.element);
  };
  chooser.addEventListener("change", draw);
  draw();
  return {
    element: set,
    value: () => ({ [tag]: chooser.value, ...((current?.value() as Json | undefined) ?? {}) }),
  };
}

// ---- the lobby ---------------------------------------------------------------------------------------------------

async function showLobby(): Promise<void> {
  document.title = t("lobby.title");
  const games = await catalog();
  const createPanel = h("section", { class: "panel", "aria-labelledby": "create-title" });
  const listPanel = h("section", { class: "panel", "aria-labelledby": "list-title" });
  main.replaceChildren(h("h1", {}, t("lobby.heading")), createPanel, listPanel);
  if (games.length === 0) {
    // no catalog (the server failed or is unreachable; its words are in the alert): nothing to create a game of
    createPanel.append(
      h("h2", { id: "create-title" }, t("lobby.create")),
      h("p", {}, t("lobby.noCatalog")),
      h("div", { class: "actions" }, button(t("problem.retry"), () => route(), "secondary")),
    );
    listPanel.append(h("h2", { id: "list-title" }, t("lobby.games")), gameList(games));
    return;
  }
  createPanel.append(h("h2", { id: "create-title" }, t("lobby.create")), createForm(games));
  listPanel.append(h("h2", { id: "list-title" }, t("lobby.games")), gameList(games));
}

function createForm(games: Schemas["CatalogEntry"][]): HTMLFormElement {
  const form = h("form", { "aria-label": t("lobby.create") });
  const gameSelect = select(games.map((entry) => [entry.game, entry.title]));
  gameSelect.name = "game";
  const players = h("input", { type: "number", name: "players", step: "1", inputmode: "numeric", required: "" });
  const optionsBox = h("div");
  const privacy = checkbox(t("create.private"), false, t("create.private.help"));
  const timer = h("input", { type: "number", name: "turn_seconds", min: "1", max: "86400", inputmode: "numeric" });
  let options: Field | null = null;

  const drawGame = async (): Promise<void> => {
    const entry = games.find((candidate) => candidate.game === gameSelect.value);
    if (!entry) return;
    players.min = String(entry.min_players);
    players.max = String(entry.max_players);
    players.value = String(Math.min(Math.max(4, entry.min_players), entry.max_players));
    playersHelp.textContent = t("create.players.help", { min: entry.min_players, max: entry.max_players });
    // until this game's options are drawn, a click would send the previous game's (or none): wait for them
    options = null;
    submit.disabled = true;
    try {
      const detail = await call(
        api.GET("/v1/catalog/{game}", { params: { path: { game: entry.game as GameName } } }),
      );
      if (!detail || gameSelect.value !== entry.game) return;
      const schema = detail.options_schema as Json;
      const root = resolve(schema, schema);
      options = objectField(t("create.options"), root, detail.options as Json, schema);
      optionsBox.replaceChildren(options.element);
    } finally {
      // the latest choice's drawing enables it (a catalog that did not answer: the server's defaults)
      if (gameSelect.value === entry.game) submit.disabled = false;
    }
  };
  gameSelect.addEventListener("change", () => void drawGame());

  const submit = h("button", { type: "submit" }, t("create.submit"));
  const first = games[0];
  const range = { min: first?.min_players ?? 1, max: first?.max_players ?? 1 };
  const playersField = labelled(t("create.players"), players, t("create.players.help", range));
  const playersHelp = playersField.querySelector("small") ?? h("small");
  form.append(
    h(
      "div",
      { class: "row" },
      labelled(t("create.game"), gameSelect, t("create.game.help")),
      playersField,
      labelled(t("create.timer"), timer, t("create.timer.help")),
    ),
    optionsBox,
    privacy.element,
    h("div", { class: "actions" }, submit),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      submit.disabled = true;
      try {
        const body: Schemas["CreateGame"] = {
          game: gameSelect.value,
          players: Number(players.value),
          options: (options?.value() as Json | undefined) ?? null,
          private: privacy.input.checked,
          turn_seconds: timer.value === "" ? null : Number(timer.value),
        };
        const created = await call(api.POST("/v1/games", { body }));
        if (!created) return;
        clearError();
        tokens.setAdmin(created.game_id, { token: created.admin_token, joinCode: created.join_code ?? null });
        navigate(gameLink(created.game_id, created.join_code));
      } finally {
        submit.disabled = false;
      }
    })();
  });
  void drawGame();
  return form;
}

function gameList(games: Schemas["CatalogEntry"][]): HTMLElement {
  const wrapper = h("div");
  const gameFilter = select([["", t("list.anyGame")], ...games.map((entry): [string, string] => [entry.game, entry.title])]);
  const statusFilter = select([
    ["", t("list.anyStatus")],
    ...STATUSES.map((status): [string, string] => [status, t(`status.${status}`)]),
  ]);
  const params = new URLSearchParams(window.location.search);
  gameFilter.value = params.get("filter_game") ?? "";
  // every status at first: a returning user filtered on the lobby saw "No game matches." under their own games
  statusFilter.value = params.get("filter_status") ?? "";
  const results = h("div", { "aria-live": "polite" });
  const refresh = h("button", { type: "submit", class: "secondary" }, t("list.refresh"));
  const filters = h(
    "form",
    { class: "row", "aria-label": t("list.filter") },
    labelled(t("list.game"), gameFilter),
    labelled(t("list.status"), statusFilter),
    refresh,
  );

  const load = async (): Promise<void> => {
    const query: { game?: string; status?: Status; limit: number } = { limit: 50 };
    if (gameFilter.value) query.game = gameFilter.value;
    if (statusFilter.value) query.status = statusFilter.value as Status;
    const data = await call(api.GET("/v1/games", { params: { query } }));
    if (!data) {
      // the alert holds the server's words; the list says what they mean and the Refresh button tries again
      results.replaceChildren(h("p", { class: "muted" }, t("list.failed")));
      return;
    }
    if (data.games.length === 0) {
      results.replaceChildren(h("p", { class: "muted" }, t("list.none")));
      return;
    }
    const body = h("tbody");
    for (const game of data.games) {
      const open = h("a", { href: gameLink(game.game_id) }, t("list.open", { title: titleOf(game.game), id: game.game_id.slice(0, 8) }));
      body.append(
        h(
          "tr",
          {},
          h("td", {}, titleOf(game.game)),
          h("td", {}, t(`status.${game.status}`)),
          h("td", {}, t("list.seats", { taken: game.seats_taken, players: game.players })),
          h("td", {}, open),
        ),
      );
    }
    const head = h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col" }, t("list.game")), h("th", { scope: "col" }, t("list.status")),
        h("th", { scope: "col" }, t("list.seatsColumn")), h("th", { scope: "col" }, t("list.link"))),
    );
    results.replaceChildren(h("table", { class: "games" }, head, body));
  };
  filters.addEventListener("submit", (event) => {
    event.preventDefault();
    void load();
  });
  gameFilter.addEventListener("change", () => void load());
  statusFilter.addEventListener("change", () => void load());
  wrapper.append(filters, results);
  void load();
  return wrapper;
}

// ---- the table ---------------------------------------------------------------------------------------------------

class Table {
  private view: GameView | null = null;
  private moves: unknown[] = [];
  private pending = false;
  private stream: AbortController | null = null;
  private streamToken: string | null = null;
  private refreshTimer: number | null = null;
  private readonly keys = new Map<string, string>();
  private readonly heading = h("h1", { tabindex: "-1" });
  private readonly share = h("section", { class: "panel share", "aria-labelledby": "share-title" });
  private readonly seats = h("section", { class: "panel", "aria-labelledby": "seats-title" });
  private readonly controls = h("section", { class: "panel", "aria-label": t("table.lobbyActions") });
  private readonly felt = h("section", { class: "felt", "aria-label": t("table.region"), tabindex: "-1" });
  private readonly end = h("section", { class: "panel", "aria-labelledby": "end-title" });
  private readonly live = h("p", { class: "live muted" });
  private readonly fairPlay: FairPlay;

  constructor(
    private readonly gameId: string,
    private readonly joinCode: string | null,
  ) {
    this.fairPlay = new FairPlay(gameId, { error: showError, notice });
  }

  private get seat(): SeatToken | null {
    return tokens.seat(this.gameId);
  }

  private get admin(): AdminToken | null {
    return tokens.admin(this.gameId);
  }

  /** The token the table reads with: the seat's (its hand is visible), else the admin's, else none (spectator). */
  private get token(): string | null {
    return this.seat?.token ?? this.admin?.token ?? null;
  }

  close(): void {
    this.stream?.abort();
    this.stream = null;
    if (this.refreshTimer !== null) window.clearTimeout(this.refreshTimer);
  }

  async open(): Promise<void> {
    await catalog();
    // the table first (on a phone it is what matters once dealt), then the lobby's parts, the link last
    main.replaceChildren(this.heading, this.live, this.felt, this.end, this.seats, this.controls, this.share);
    await this.refresh();
    window.addEventListener("pagehide", () => this.close(), { once: true });
  }

  /**
   * A failed read: once a view is drawn the table stays (the alert says what failed, the stream's retry reads
   * again); before that there is nothing to show, so the page says so and offers the lobby and a retry.
   */
  private cannotShow(sentence: string): void {
    if (this.view) return;
    this.close();
    delete main.dataset["version"];
    delete main.dataset["status"];
    document.title = t("table.notShown");
    const panel = problem(sentence, () => route());
    main.replaceChildren(panel);
  }

  /** Reads the view (and the seat's legal moves) again and redraws; every stream event ends up here. */
  async refresh(): Promise<void> {
    const token = this.token;
    const answer = await api
      .GET("/v1/games/{game_id}", { params: { path: { game_id: this.gameId } }, headers: bearer(token) })
      .catch(() => null);
    if (answer === null) {
      showError(t("net.unreachable"));
      this.cannotShow(t("table.unreachable"));
      return;
    }
    if (answer.error !== undefined || !answer.data) {
      const code = (answer.error as Partial<Schemas["Error"]> | undefined)?.error?.code;
      if (code === "invalid_token" && this.seat) {
        // the seat was freed (the admin removed it, or it was left from another tab): watch as a spectator
        tokens.setSeat(this.gameId, null);
        notice(t("table.seatGone"));
        await this.refresh();
        return;
      }
      if (code === "invalid_token" && this.admin) {
        // an admin token this server does not know (another server's, or edited): it is no use here, forget it
        tokens.forgetAdmin(this.gameId);
        notice(t("table.adminGone"));
        await this.refresh();
        return;
      }
      showError(errorText(answer.error, answer.response));
      this.cannotShow(
        answer.response.status === 404 ? t("table.noGame", { id: this.gameId }) : t("table.cannotShow"),
      );
      return;
    }
    const view = answer.data;
    // reads overlap (a click's and the stream's): an answer older than the view drawn already is dropped
    if (this.view && token === this.token && view.version < this.view.version) return;
    let moves: unknown[] = [];
    if (view.status === "active" && this.seat && view.you !== null) {
      const legal = await call(
        api.GET("/v1/games/{game_id}/legal-moves", {
          params: { path: { game_id: this.gameId } },
          headers: bearer(this.seat.token),
        }),
      );
      moves = legal?.moves ?? [];
      // the game moved between the two reads: these moves belong to a later view, which the next read draws
      if (legal && legal.version !== view.version) this.scheduleRefresh();
    }
    this.view = view;
    this.moves = moves;
    this.draw();
    this.follow();
    // commit or reveal for this browser's seat when the lobby asks it (a full table: reveal); read again after
    void this.fairPlay.keep(view, this.seat).then(async (changed) => {
      if (changed) await this.refresh();
    });
  }

  private scheduleRefresh(): void {
    // a burst of events (a bot's turn, a trick's resolution) costs one read, not one per event
    if (this.refreshTimer !== null) return;
    this.refreshTimer = window.setTimeout(() => {
      this.refreshTimer = null;
      void this.refresh();
    }, 120);
  }

  /** Redraws a section only when what it shows changed, so a form being typed into is not wiped by an event. */
  private section(element: HTMLElement, key: string, draw: () => Child[]): void {
    const name = element.getAttribute("aria-labelledby") ?? element.className;
    if (this.keys.get(name) === key) return;
    this.keys.set(name, key);
    element.replaceChildren(...(draw().filter((child) => child) as (Node | string)[]));
    element.hidden = element.childNodes.length === 0;
  }

  private draw(): void {
    const view = this.view;
    if (!view) return;
    const title = titleOf(view.game);
    // what the page shows, for tests and for anyone reading the DOM: the version and status drawn last
    main.dataset["version"] = String(view.version);
    main.dataset["status"] = view.status;
    const status = t(`status.${view.status}`);
    document.title = t("table.title", { title, status });
    this.heading.textContent = t("table.heading", { title, status });
    // "The game has started" said at the start must not stay once the game is over
    if (view.status !== "active" && noticeRegion.textContent === t("host.started")) notice("");
    const admin = this.admin;
    const seat = this.seat;
    const code = admin?.joinCode ?? this.joinCode;

    this.section(this.share, `${code ?? ""}`, () => {
      const link = h("input", { type: "text", readonly: "", value: gameLink(this.gameId, view.private ? code : null) });
      return [
        h("h2", { id: "share-title" }, t("share.title")),
        labelled(t("share.link"), link, view.private ? t("share.private") : undefined),
        view.private && code ? h("p", {}, t("share.code"), h("strong", {}, code)) : null,
        h("div", { class: "actions" }, button(t("share.copy"), async () => {
          try {
            await navigator.clipboard.writeText(link.value);
            notice(t("share.copied"));
          } catch {
            link.select();
            notice(t("share.select"));
          }
        }, "secondary")),
      ];
    });

    const seatsKey = JSON.stringify([view.players, view.status, view.awaiting, view.fairness, seat?.seat, !!admin]);
    this.section(this.seats, seatsKey, () => [
      h("h2", { id: "seats-title" }, t("seats.title")),
      this.seatList(view, seat, admin),
      h("p", { class: "fairness muted", "data-fairness": view.fairness }, fairnessPhrase(view)),
    ]);

    const empty = this.emptySeats(view);
    this.section(this.controls, JSON.stringify([view.status, seat?.seat, !!admin, empty, view.private]), () =>
      view.status === "lobby" ? this.lobbyControls(view, seat, admin, empty, code) : [],
    );

    this.drawTable(view, seat);

    const rematchKey = JSON.stringify([view.status, view.scores, view.winners, view.rematch, seat?.seat, !!admin]);
    this.section(this.end, rematchKey, () => this.endSection(view, seat, admin));
  }

  private emptySeats(view: GameView): number[] {
    return view.players.filter((player) => player.name === null && player.bot === null).map((player) => player.seat);
  }

  private seatList(view: GameView, seat: SeatToken | null, admin: AdminToken | null): HTMLElement {
    const list = h("ul", { class: "seats" });
    for (const player of view.players) {
      // a bot the server named after its level ("smart bot 2") is not named twice
      const who = player.bot
        ? player.name === null || /\bbot\b/i.test(player.name)
          ? botName(player.name, player.bot)
          : t("seats.namedBot", { name: player.name, level: botLabel(player.bot) })
        : (player.name ?? t("seats.empty"));
      const mine = seat?.seat === player.seat;
      const waiting = view.status === "active" && view.awaiting.includes(player.seat);
      const item = h(
        "li",
        { class: mine ? "you" : undefined },
        h(
          "span",
          {},
          t("seats.seat", { seat: player.seat + 1, who }),
          mine ? t("seats.you") : "",
          waiting ? t("seats.toPlay") : "",
          view.status === "lobby" ? seatMark(player) : "",
        ),
      );
      if (admin && view.status === "lobby" && (player.name !== null || player.bot !== null)) {
        item.append(
          button(t("seats.free", { seat: player.seat + 1 }), async () => {
            const freed = await call(
              api.DELETE("/v1/games/{game_id}/seats/{seat}", {
                params: { path: { game_id: this.gameId, seat: player.seat } },
                headers: bearer(admin.token),
              }),
            );
            if (freed === undefined) return;
            clearError();
            if (mine) tokens.setSeat(this.gameId, null);
            await this.refresh();
          }, "secondary"),
        );
      }
      list.append(item);
    }
    return list;
  }

  private lobbyControls(
    view: GameView,
    seat: SeatToken | null,
    admin: AdminToken | null,
    empty: number[],
    code: string | null,
  ): Child[] {
    const parts: Child[] = [];
    const seatChoice = (): HTMLSelectElement =>
      select([
        ["", t("seats.anyFree")],
        ...empty.map((index): [string, string] => [String(index), t("seats.number", { seat: index + 1 })]),
      ]);
    if (!seat && empty.length > 0) {
      const form = h("form", { "aria-labelledby": "join-title" });
      const name = h("input", { type: "text", name: "name", required: "", maxlength: "40", autocomplete: "nickname" });
      const where = seatChoice();
      // dealing 3 commits to entropy drawn here (fair-play.ts); a lobby of an earlier dealing takes public entropy
      const entropy = h("input", { type: "text", name: "entropy", maxlength: "64", spellcheck: "false" });
      entropy.value = randomHex(16);
      const committing = view.dealing >= 3;
      const joinCode = h("input", { type: "text", name: "join_code", autocomplete: "off" });
      joinCode.value = code ?? "";
      form.append(
        h("h2", { id: "join-title" }, t("join.title")),
        h(
          "div",
          { class: "row" },
          labelled(t("join.name"), name),
          labelled(t("join.seat"), where),
          committing ? null : labelled(t("join.entropy"), entropy, t("join.entropy.help")),
          view.private ? labelled(t("join.code"), joinCode) : null,
        ),
        h("p", { class: "muted", hidden: committing ? undefined : "" }, t("join.commit")),
        h("div", { class: "actions" }, h("button", { type: "submit" }, t("join.submit"))),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        void (async () => {
          const body: Schemas["JoinSeat"] = { name: name.value.trim() };
          if (where.value !== "") body.seat = Number(where.value);
          if (committing) Object.assign(body, await this.fairPlay.joinFields(view));
          else if (entropy.value.trim() !== "") body.entropy = entropy.value.trim();
          if (view.private) body.join_code = joinCode.value.trim();
          const taken = await call(
            api.POST("/v1/games/{game_id}/seats", { params: { path: { game_id: this.gameId } }, body }),
          );
          if (!taken?.player_token) return;
          clearError();
          tokens.setSeat(this.gameId, { seat: taken.seat, token: taken.player_token });
          notice(t("join.done", { seat: taken.seat + 1 }));
          await this.refresh();
        })();
      });
      parts.push(form);
    }
    if (seat) {
      parts.push(
        h("h2", {}, t("mine.title")),
        h(
          "div",
          { class: "actions" },
          button(t("mine.leave"), async () => {
            const left = await call(
              api.POST("/v1/games/{game_id}/leave", {
                params: { path: { game_id: this.gameId } },
                headers: bearer(seat.token),
              }),
            );
            if (left === undefined) return;
            clearError();
            tokens.setSeat(this.gameId, null);
            notice(t("mine.left"));
            await this.refresh();
          }, "secondary"),
        ),
      );
    }
    if (admin) {
      const form = h("form", { "aria-labelledby": "bots-title" });
      const levels = botLevels(view.game);
      const level = select(
        levels.map((value): [string, string] => [value, botLabel(value)]),
        levels.includes(DEFAULT_BOT) ? DEFAULT_BOT : levels[0],
      );
      const where = seatChoice();
      form.append(
        h("h2", { id: "bots-title" }, t("host.title")),
        h(
          "div",
          { class: "row" },
          labelled(t("host.level"), level),
          labelled(t("host.seat"), where),
          h("button", { type: "submit", class: "secondary" }, t("host.seatBot")),
        ),
        h("div", { class: "actions" }, button(t("host.start"), () => this.start(admin))),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        void (async () => {
          const body: Schemas["JoinSeat"] = { bot: level.value };
          if (where.value !== "") body.seat = Number(where.value);
          const seated = await call(
            api.POST("/v1/games/{game_id}/seats", {
              params: { path: { game_id: this.gameId } },
              headers: bearer(admin.token),
              body,
            }),
          );
          if (!seated) return;
          clearError();
          notice(t("host.seated", { level: botLabel(level.value), seat: seated.seat + 1 }));
          await this.refresh();
        })();
      });
      parts.push(form);
    }
    return parts;
  }

  /** The host's start: this browser's own seat reveals first if it owes a reveal (fair-play.ts). */
  private async start(admin: AdminToken): Promise<void> {
    if (!this.view) return;
    clearError();
    if (await this.fairPlay.start(this.view, this.seat, admin.token)) notice(t("host.started"));
    await this.refresh();
  }

  private drawTable(view: GameView, seat: SeatToken | null): void {
    if (view.status === "lobby" || view.status === "expired" || view.state === null) {
      this.felt.hidden = true;
      this.felt.replaceChildren();
      return;
    }
    this.felt.hidden = false;
    const renderer = renderers[view.game];
    const focused = document.activeElement instanceof HTMLElement && this.felt.contains(document.activeElement)
      ? (document.activeElement.dataset["move"] ?? null)
      : undefined;
    const board = h("div");
    const header = h("p", {}, this.turnLine(view, seat));
    const actions = h("div", { class: "actions" });
    if (seat && view.status === "active") {
      actions.append(
        button(t("forfeit.button"), async () => {
          if (!window.confirm(t("forfeit.confirm"))) return;
          const gone = await call(
            api.POST("/v1/games/{game_id}/forfeit", {
              params: { path: { game_id: this.gameId } },
              headers: bearer(seat.token),
            }),
          );
          if (gone === undefined) return;
          clearError();
          notice(t("forfeit.done"));
          await this.refresh();
        }, "danger"),
      );
    }
    this.felt.replaceChildren(h("h2", { class: "visually-hidden" }, t("table.region")), header, board, actions);
    if (!renderer) {
      board.append(h("p", {}, t("table.noRenderer", { game: view.game })));
      return;
    }
    renderer.render(board, {
      game: view.game,
      view,
      seat: seat?.seat ?? null,
      moves: this.moves,
      play: (command: unknown) => void this.play(command),
    });
    board.setAttribute("aria-busy", "false");
    if (focused !== undefined) {
      // the renderer drew new elements: put the keyboard back on the same move, else on the table
      const same = focused === null ? null : board.querySelector<HTMLElement>(`[data-move="${CSS.escape(focused)}"]`);
      (same ?? board.querySelector<HTMLElement>("[data-move]") ?? this.felt).focus();
    }
  }

  /** "Seat 2 (Bob)" / « Place 2 (Bob) », or "Seat 2" for a seat without a name. */
  private seatWho(index: number, name: string | null): string {
    return name ? t("seatWho.named", { seat: index + 1, name }) : t("kit.seat", { seat: index + 1 });
  }

  /** The line over the table: whom it waits for, speaking to the player when it waits for them. */
  private turnLine(view: GameView, seat: SeatToken | null): string {
    if (view.status !== "active") return t("turn.over");
    const others = view.awaiting
      .filter((index) => index !== seat?.seat)
      .map((index) => {
        const name = shownName(view.players[index]);
        return name ? t("turn.namedSeat", { seat: index + 1, name }) : t("turn.seat", { seat: index + 1 });
      });
    const mine = seat !== null && view.awaiting.includes(seat.seat);
    if (mine) return others.length > 0 ? t("turn.yoursToo", { who: list(others) }) : t("turn.yours");
    return others.length > 0 ? t("turn.waiting", { who: list(others) }) : t("turn.resolving");
  }

  /** Sends one move of the game; the server's refusal is shown in words and the table is read again either way. */
  private async play(command: unknown): Promise<void> {
    const seat = this.seat;
    if (!seat) {
      showError(t("table.notSeated"));
      return;
    }
    if (this.pending) return;
    this.pending = true;
    this.felt.setAttribute("aria-busy", "true");
    try {
      const result = await call(
        api.POST("/v1/games/{game_id}/commands", {
          params: { path: { game_id: this.gameId }, header: { "Idempotency-Key": crypto.randomUUID() } },
          headers: bearer(seat.token),
          body: command as CommandBody,
        }),
      );
      if (result) clearError();
    } finally {
      this.pending = false;
      this.felt.setAttribute("aria-busy", "false");
    }
    await this.refresh();
  }

  private endSection(view: GameView, seat: SeatToken | null, admin: AdminToken | null): Child[] {
    if (view.status === "lobby" || (view.status === "active" && view.scores.length === 0)) return [];
    const parts: Child[] = [
      h(
        "h2",
        { id: "end-title" },
        t(view.status === "finished" ? "end.final" : view.status === "expired" ? "end.expired" : "end.scores"),
      ),
    ];
    if (view.status === "expired") {
      parts.push(h("p", {}, t("end.neverDealt")));
      return parts;
    }
    const scores = h("ol", { class: "scores" });
    view.scores.forEach((score, index) => {
      const player = view.players[index];
      const won = view.winners.includes(index);
      scores.append(
        h(
          "li",
          { class: won ? "winner" : undefined },
          t("end.score", { who: this.seatWho(index, shownName(player)), score }),
          won ? t("end.winner") : "",
        ),
      );
    });
    parts.push(scores);
    if (view.status !== "finished") return parts;
    const names = view.winners.map((index) => shownName(view.players[index]) ?? t("turn.seat", { seat: index + 1 }));
    parts.push(h("p", { "data-testid": "game-over" }, t("end.winners", { count: names.length, names: list(names) })));
    const actions = h("div", { class: "actions" });
    const next = view.rematch;
    if (next) {
      actions.append(button(t("end.toRematch"), () => this.toRematch(next, seat)));
    } else if (admin) {
      actions.append(
        button(t("end.rematch"), async () => {
          const created = await call(
            api.POST("/v1/games/{game_id}/rematch", {
              params: { path: { game_id: this.gameId } },
              headers: bearer(admin.token),
            }),
          );
          if (!created) return;
          clearError();
          tokens.setAdmin(created.game_id, { token: created.admin_token, joinCode: created.join_code ?? null });
          await this.toRematch(created.game_id, seat);
        }),
      );
    }
    actions.append(h("a", { href: `/replay.html?game=${encodeURIComponent(this.gameId)}` }, t("end.replay")));
    parts.push(actions);
    return parts;
  }

  /** Takes this browser's seat over to the rematch (each person's new token comes for their old one). */
  private async toRematch(nextGame: string, seat: SeatToken | null): Promise<void> {
    if (seat && !tokens.seat(nextGame)) {
      const handed = await call(
        api.POST("/v1/games/{game_id}/rematch/token", {
          params: { path: { game_id: this.gameId } },
          headers: bearer(seat.token),
        }),
      );
      if (!handed) return;
      tokens.setSeat(handed.game_id, { seat: handed.seat, token: handed.player_token });
    }
    navigate(gameLink(nextGame, tokens.admin(nextGame)?.joinCode ?? null));
  }

  // ---- live: the game's SSE stream ---------------------------------------------------------------------------
  // EventSource cannot send `Authorization`, and the stream redacts each event for its bearer, so it is read with
  // fetch (through the typed client, `parseAs: "stream"`) and parsed with eventsource-parser. Each event only
  // schedules a refresh: the view is the source of truth, the stream says when to read it. A dropped connection
  // is resumed with `Last-Event-ID` (the last version seen), after a growing pause.

  private follow(): void {
    const token = this.token;
    if (this.stream && this.streamToken === token) return;
    this.stream?.abort();
    const controller = new AbortController();
    this.stream = controller;
    this.streamToken = token;
    void this.listen(controller, token, this.view?.version ?? 0);
  }

  private async listen(controller: AbortController, token: string | null, from: number): Promise<void> {
    let last = from;
    let pause = 1000;
    while (!controller.signal.aborted) {
      let retryAfter: number | null = null;
      try {
        const answer = await api.GET("/v1/games/{game_id}/stream", {
          params: { path: { game_id: this.gameId }, header: { "Last-Event-ID": String(last) } },
          headers: bearer(token),
          parseAs: "stream",
          signal: controller.signal,
        });
        if (answer.error !== undefined || !answer.data) {
          const seconds = Number(answer.response.headers.get("Retry-After"));
          retryAfter = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
          this.live.textContent = t("live.refused", { error: errorText(answer.error, answer.response) });
        } else {
          this.live.textContent = t("live.on");
          pause = 1000;
          const parser = createParser({
            onEvent: (message) => {
              const version = Number(message.id);
              if (Number.isInteger(version) && version > last) last = version;
              this.scheduleRefresh();
            },
          });
          const reader = answer.data.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) break;
            parser.feed(chunk.value);
          }
          this.live.textContent = t("live.reconnecting");
        }
      } catch (failure) {
        if (controller.signal.aborted) return;
        this.live.textContent = t("live.lost");
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => window.setTimeout(resolve, retryAfter ?? pause));
      pause = Math.min(pause * 2, 15000);
      // what happened while the stream was down comes with the resumed stream; the view may have moved already
      this.scheduleRefresh();
    }
  }
}

// ---- routing -----------------------------------------------------------------------------------------------------

function navigate(url: string): void {
  window.history.pushState(null, "", url);
  void route();
}

let table: Table | null = null;

async function route(): Promise<void> {
  clearError();
  delete main.dataset["version"];
  delete main.dataset["status"];
  notice("");
  table?.close();
  table = null;
  const params = new URLSearchParams(window.location.search);
  const gameId = params.get("game");
  if (gameId) {
    table = new Table(gameId, params.get("code"));
    await table.open();
  } else {
    await showLobby();
  }
  main.focus();
}

window.addEventListener("popstate", () => void route());
translateStatic();
mountLanguageSwitch(() => void route());
void route();
