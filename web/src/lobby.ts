// The lobby (`/`): the form that creates a game (its options drawn from the catalog's JSON Schema, schema-form.ts)
// and the list of games, filtered by game and status.
import type { GameView, paths, Schemas } from "./api/client";
import { catalog, titleOf } from "./catalog";
import { button, checkbox, gameLink, h, labelled, select } from "./dom";
import { t } from "./i18n";
import { navigate, route } from "./navigation";
import { api, call, clearError, main } from "./page";
import { rulesButton } from "./rules";
import { type Field, type Json, objectField, resolve } from "./schema-form";
import { tokens } from "./tokens";

type Status = GameView["status"];
type GameName = paths["/v1/catalog/{game}"]["get"]["parameters"]["path"]["game"];

const STATUSES: Status[] = ["lobby", "active", "finished", "expired"];

export async function showLobby(): Promise<void> {
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
  // the game whose options are drawn, or being drawn: choosing it again draws nothing again (a second drawing that
  // finished last replaced the options a person, or a test, had already changed since the first)
  let drawn = "";

  const drawGame = async (): Promise<void> => {
    const entry = games.find((candidate) => candidate.game === gameSelect.value);
    if (!entry || entry.game === drawn) return;
    drawn = entry.game;
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
      if (!detail) {
        if (drawn === entry.game) drawn = ""; // not drawn: choosing the game again asks again
        return;
      }
      if (gameSelect.value !== entry.game) return;
      const schema = detail.options_schema as Json;
      const root = resolve(schema, schema);
      options = objectField(t("create.options"), root, detail.options as Json, schema);
      if (Object.keys((root["properties"] ?? {}) as Json).length === 0) {
        options.element.append(h("p", { class: "muted" }, t("opt.noOptions")));
      }
      // the rules of the game chosen, beside its options (the help lines say what each option changes)
      const rules = h("div", { class: "actions" }, rulesButton(entry.game, entry.title, t("rules.openOf", { game: entry.title })));
      optionsBox.replaceChildren(rules, options.element);
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
