// The table's score sheet: the game's rounds and each player's points (sheet-games.ts says what each game shows),
// from the game's events as the API gives them to this viewer (`GET /events`, read from the last version it has).
// The table reads them only while a sheet is on screen (its dialog, or the end of the game), so a game in play
// costs no extra request for a sheet nobody looks at.
import { bearer, type GameView, type Schemas } from "../api/client";
import { shownName, titleOf } from "../catalog";
import { h } from "../dom";
import { t, tryT } from "../i18n";
import { api } from "../page";
import { openDialog } from "../rules";
import { type SheetModel, sheetModel } from "./sheet-games";

type EventOut = Schemas["EventOut"];
const PAGE = 1000; // the API's largest page of events

export class ScoreSheet {
  private events: EventOut[] = [];
  private read = 0; // the last version read
  private view: GameView | null = null;
  private failed = false;
  private loaded = false;
  private reading = false;
  private again = false;
  private readonly mounts = new Set<HTMLElement>();

  constructor(
    private readonly gameId: string,
    private readonly token: () => string | null,
  ) {}

  /** The table drew `view`: a sheet on screen reads the events up to it and redraws. */
  update(view: GameView): void {
    this.view = view;
    for (const mount of [...this.mounts]) if (!mount.isConnected) this.mounts.delete(mount);
    if (this.mounts.size > 0) void this.catchUp();
  }

  /** A new element showing the sheet, kept up to date while it is on the page. */
  mount(): HTMLElement {
    const element = h("div", { class: "sheet-body", "aria-live": "polite" });
    this.mounts.add(element);
    this.draw(element);
    void this.catchUp();
    return element;
  }

  /** The tools bar's button: the sheet in a dialog. */
  button(): HTMLButtonElement {
    const opener = h("button", { type: "button", class: "secondary", "data-open": "sheet", "aria-haspopup": "dialog" });
    opener.textContent = t("sheet.open");
    opener.addEventListener("click", () => {
      const title = this.view ? t("sheet.title", { game: titleOf(this.view.game) }) : t("sheet.open");
      openDialog("sheet", title, this.mount(), opener);
    });
    return opener;
  }

  /** Reads the events after the last one read (every page), then redraws; a call meanwhile asks for one more pass. */
  private async catchUp(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        await this.readNew();
        for (const mount of this.mounts) this.draw(mount);
      } while (this.again);
    } finally {
      this.reading = false;
    }
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const answer = await api
        .GET("/v1/games/{game_id}/events", {
          params: { path: { game_id: this.gameId }, query: { after: this.read, limit: PAGE } },
          headers: bearer(this.token()),
        })
        .catch(() => null);
      if (!answer?.data) {
        this.failed = true;
        return;
      }
      this.failed = false;
      this.loaded = true;
      const events = answer.data.events;
      this.events.push(...events);
      const last = events[events.length - 1];
      if (last) this.read = last.version;
      if (events.length < PAGE) return;
    }
  }

  private draw(element: HTMLElement): void {
    const view = this.view;
    if (!view || (!this.loaded && !this.failed)) {
      element.replaceChildren(h("p", { class: "muted" }, t("sheet.loading")));
      return;
    }
    const names = view.players.map((player) => shownName(player) ?? t("kit.seat", { seat: player.seat + 1 }));
    const model = sheetModel(view.game, this.events, names);
    element.dataset["version"] = String(this.read);
    element.replaceChildren(...(this.failed ? [h("p", { role: "alert" }, t("sheet.failed"))] : []), ...drawSheet(view, model, names));
  }
}

function cell(tag: "td" | "th", text: string, attributes: Partial<Record<string, string>> = {}): HTMLElement {
  return h(tag, attributes, text);
}

function drawSheet(view: GameView, model: SheetModel, names: string[]): HTMLElement[] {
  if (model.rows.length === 0) return [h("p", { class: "muted", "data-sheet-empty": "" }, t("sheet.none"))];
  const head = h(
    "tr",
    {},
    cell("th", model.kind === "harvests" ? "#" : t("sheet.round"), { scope: "col" }),
    ...model.extraHeads.map((text) => cell("th", text, { scope: "col" })),
    ...names.map((name) => cell("th", name, { scope: "col" })),
  );
  const body = h("tbody");
  for (const row of model.rows) {
    const tr = h("tr", { "data-round": String(row.round) });
    tr.append(
      cell("th", model.kind === "harvests" ? String(row.round) : t("sheet.roundN", { round: row.round }), { scope: "row" }),
      ...row.extra.map((text) => cell("td", text, { class: "sheet-text" })),
    );
    row.points.forEach((points, seat) => {
      const td = h("td", { "data-seat": String(seat) }, points === null ? "" : String(points));
      if (points !== null) td.dataset["points"] = String(points);
      const note = row.notes?.[seat];
      if (note) td.append(h("div", { class: "sheet-hands" }, note));
      tr.append(td);
    });
    body.append(tr);
    if (row.remark) {
      body.append(
        h("tr", { class: "sheet-remark" }, h("td", { colspan: String(1 + model.extraHeads.length + names.length), class: "sheet-text" }, row.remark)),
      );
    }
  }
  const table = h(
    "table",
    { class: "sheet-table", "data-sheet": view.game },
    h("caption", { class: "visually-hidden" }, model.kind === "harvests" ? t("sheet.harvestsCaption") : t("sheet.caption")),
    h("thead", {}, head),
    body,
  );
  if (model.totals) {
    const foot = h("tr", { "data-total": "" }, cell("th", t("sheet.total"), { scope: "row" }));
    if (model.extraHeads.length) foot.append(h("td", { colspan: String(model.extraHeads.length) }));
    model.totals.forEach((total, seat) => foot.append(h("td", { "data-seat": String(seat), "data-points": String(total) }, String(total))));
    table.append(h("tfoot", {}, foot));
  }
  const parts: HTMLElement[] = [h("div", { class: "sheet-scroll" }, table)];
  if (model.grid) parts.push(...drawGrid(model.grid, names));
  return parts;
}

/** Barbu: which contracts each player has chosen, and in which round. */
function drawGrid(grid: NonNullable<SheetModel["grid"]>, names: string[]): HTMLElement[] {
  const head = h(
    "tr",
    {},
    cell("th", t("sheet.gridPlayer"), { scope: "col" }),
    ...grid.contracts.map((contract) => cell("th", tryT(`bb.c.${contract}`) ?? contract, { scope: "col" })),
  );
  const body = h("tbody");
  grid.rounds.forEach((line, seat) => {
    body.append(
      h(
        "tr",
        { "data-dealer": String(seat) },
        cell("th", names[seat] ?? String(seat + 1), { scope: "row" }),
        ...line.map((round, index) =>
          round === null
            ? cell("td", t("sheet.notYet"), { class: "muted", "data-contract": grid.contracts[index] ?? "" })
            : cell("td", t("sheet.roundN", { round }), { "data-contract": grid.contracts[index] ?? "", "data-played": String(round) }),
        ),
      ),
    );
  });
  return [
    h("h3", {}, t("sheet.grid")),
    h(
      "div",
      { class: "sheet-scroll" },
      h("table", { class: "sheet-table sheet-grid" }, h("caption", { class: "visually-hidden" }, t("sheet.gridCaption")), h("thead", {}, head), body),
    ),
  ];
}
