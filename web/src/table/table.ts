// One game's table (`/?game=<id>`): its lobby (join, bots, start), the game drawn by its renderer, live over the SSE
// stream, and the end (scores, rematch). This class holds the state (the view drawn last, the seat's legal moves)
// and reads it again whenever the stream says the game moved; its parts are drawn by seats.ts (the seats and the
// lobby's forms), felt.ts (the game) and end.ts (scores, rematch), and the stream is live.ts.
import { bearer, type GameView, type paths, type Schemas } from "../api/client";
import { catalog, titleOf } from "../catalog";
import { button, type Child, gameLink, h, labelled } from "../dom";
import { FairPlay, fairnessPhrase } from "../fair-play";
import { errorText, t } from "../i18n";
import { route } from "../navigation";
import { api, call, clearError, main, notice, noticeRegion, problem, showError } from "../page";
import { type AdminToken, type SeatToken, tokens } from "../tokens";
import { endSection } from "./end";
import { drawTable } from "./felt";
import type { TableHost } from "./host";
import { LiveStream } from "./live";
import { ScoreSheet } from "./sheet";
import { tableTools } from "./tools";
import { type LiveEvent, markActing, ownCommand, paceMs, type Said, said } from "./pace";
import { emptySeats, lobbyControls, seatList } from "./seats";

type CommandBody = paths["/v1/games/{game_id}/commands"]["post"]["requestBody"]["content"]["application/json"];

export class Table implements TableHost {
  private view: GameView | null = null;
  private moves: unknown[] = [];
  // the version of the table the move in flight was sent from (null: none in flight), and how many are in flight
  private sentFrom: number | null = null;
  private inFlight = 0;
  private refreshTimer: number | null = null;
  private readonly keys = new Map<string, string>();
  private readonly heading = h("h1", { tabindex: "-1" });
  private readonly tools = h("div", { class: "table-tools-slot" });
  private readonly share = h("section", { class: "panel share", "aria-labelledby": "share-title" });
  private readonly seats = h("section", { class: "panel", "aria-labelledby": "seats-title" });
  private readonly controls = h("section", { class: "panel", "aria-label": t("table.lobbyActions") });
  private readonly felt = h("section", { class: "felt", "aria-label": t("table.region"), tabindex: "-1" });
  private readonly end = h("section", { class: "panel", "aria-labelledby": "end-title" });
  private readonly live = h("p", { class: "live muted" });
  // the last action of another seat in words (pace.ts); one element for the page's life, so screen readers hear it
  private readonly said = h("p", { class: "said", "aria-live": "polite", "data-said": "" });
  private acting: number | null = null;
  private readonly pace = paceMs();
  private readonly queue: LiveEvent[] = [];
  private queued = 0; // the last version queued
  private ownPending = false; // at pace 0: the player's command seen, their move not yet
  private stepping = false;
  readonly fairPlay: FairPlay;
  readonly sheet: ScoreSheet;
  private readonly stream: LiveStream;

  constructor(
    readonly gameId: string,
    private readonly joinCode: string | null,
  ) {
    this.fairPlay = new FairPlay(gameId, { error: showError, notice });
    this.sheet = new ScoreSheet(gameId, () => this.token);
    this.stream = new LiveStream(gameId, this.live, (event) => this.heard(event));
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
    this.stream.close();
    if (this.refreshTimer !== null) window.clearTimeout(this.refreshTimer);
  }

  async open(): Promise<void> {
    await catalog();
    // the table first (on a phone it is what matters once dealt), then the lobby's parts, the link last
    main.replaceChildren(this.heading, this.tools, this.live, this.felt, this.end, this.seats, this.controls, this.share);
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
    // actions being shown one at a time: the live view is read once they are (step()), not over them
    if (this.stepping) return;
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
    // reads overlap (a click's and the stream's): an answer older than the view drawn already is dropped, here and
    // again once the legal moves are read (another read may have drawn a later view meanwhile: the game's end)
    const outdated = (): boolean => this.view !== null && token === this.token && view.version < this.view.version;
    if (outdated()) return;
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
    // actions began to be shown meanwhile: they draw the views from here on, then read the live one again
    if (this.stepping || outdated()) return;
    this.view = view;
    this.moves = moves;
    this.draw();
    this.stream.follow(this.token, this.view.version);
    // commit or reveal for this browser's seat when the lobby asks it (a full table: reveal); read again after
    void this.fairPlay.keep(view, this.seat).then(async (changed) => {
      if (changed) await this.refresh();
    });
  }

  /** An event of the stream: said at once and read (pace 0), or queued to be shown for a moment (pace.ts). */
  private heard(event: LiveEvent | null): void {
    if (event === null || this.view === null || this.view.status === "lobby") {
      this.scheduleRefresh();
      return;
    }
    if (this.pace === 0) {
      // the player's own move is not said back to them (as step() does)
      if (ownCommand(event, this.seat?.seat ?? null)) this.ownPending = true;
      const words = said(event, this.view);
      if (words && this.ownPending && words.seat === this.seat?.seat) this.ownPending = false;
      else if (words) {
        this.ownPending = false;
        this.announce(words);
      }
      this.scheduleRefresh();
      return;
    }
    this.enqueue([event]);
  }

  /** Queues events to be shown (each once: a move's own answer and the stream both bring its events). */
  private enqueue(events: LiveEvent[]): void {
    for (const event of events) {
      if (event.version <= this.queued) continue;
      this.queued = event.version;
      this.queue.push(event);
    }
    if (this.stepping || this.queue.length === 0) return;
    this.stepping = true;
    // for tests and tools: the table is showing past actions, not the live view
    this.felt.dataset["stepping"] = "true";
    // the moves offered belong to the view that is now past: none until the live view is read again
    if (this.moves.length > 0) {
      this.moves = [];
      this.draw();
    }
    // a burst's events arrive together: gather them before the first step
    window.setTimeout(() => void this.step(), 120);
  }

  /** Shows each queued action of another seat for `pace` ms, on the view as it stood after it; then the live view. */
  private async step(): Promise<void> {
    try {
      let own = false;
      for (let event = this.queue.shift(); event !== undefined; event = this.queue.shift()) {
        const view = this.view;
        if (view === null || event.version <= view.version) continue;
        // the player's own move, which they have just made, is not shown again: the first thing said of their seat
        // after the server recorded their command
        if (ownCommand(event, this.seat?.seat ?? null)) own = true;
        const words = said(event, view);
        if (words === null) continue;
        if (own && words.seat === this.seat?.seat) {
          own = false;
          continue;
        }
        own = false;
        const then = await this.viewAt(event.version);
        if (then === null || (this.view && then.version <= this.view.version)) continue;
        this.view = then;
        this.moves = []; // a moment past: the moves are the live view's
        this.announce(words);
        this.draw();
        await new Promise((resolve) => window.setTimeout(resolve, this.pace));
      }
    } finally {
      this.stepping = false;
      this.felt.dataset["stepping"] = "false";
    }
    await this.refresh();
  }

  /** The view as it stood at `version` (the bearer's: the seat's hand then), null when it cannot be read. */
  private async viewAt(version: number): Promise<GameView | null> {
    const answer = await api
      .GET("/v1/games/{game_id}/replay", {
        params: { path: { game_id: this.gameId }, query: { version } },
        headers: bearer(this.token),
      })
      .catch(() => null);
    return answer?.data ?? null;
  }

  private announce(words: Said): void {
    this.said.textContent = words.sentence;
    this.said.dataset["said"] = words.sentence;
    this.acting = words.seat;
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
    if (!this.tools.firstChild) this.tools.append(tableTools(view.game, this.sheet.button()));
    this.sheet.update(view);
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
      seatList(this, view, seat, admin),
      h("p", { class: "fairness muted", "data-fairness": view.fairness }, fairnessPhrase(view)),
    ]);

    const empty = emptySeats(view);
    this.section(this.controls, JSON.stringify([view.status, seat?.seat, !!admin, empty, view.private]), () =>
      view.status === "lobby" ? lobbyControls(this, view, seat, admin, empty, code) : [],
    );

    drawTable(this, this.felt, view, seat, this.moves, this.said);
    markActing(this.felt, this.acting);

    const rematchKey = JSON.stringify([view.status, view.scores, view.winners, view.rematch, seat?.seat, !!admin]);
    this.section(this.end, rematchKey, () => endSection(this, view, seat, admin));
  }

  async start(admin: AdminToken): Promise<void> {
    if (!this.view) return;
    clearError();
    if (await this.fairPlay.start(this.view, this.seat, admin.token)) notice(t("host.started"));
    await this.refresh();
  }

  /** Sends one move of the game; the server's refusal is shown in words and the table is read again either way. */
  async play(command: unknown): Promise<void> {
    const seat = this.seat;
    if (!seat) {
      showError(t("table.notSeated"));
      return;
    }
    const from = this.view?.version ?? 0;
    // a second click on the table a move was sent from (a double click) is dropped: it would be refused; a move on a
    // later table, drawn from the stream while the first move's answer was still on its way, is the player's next
    // move and is sent (dropping it left the table waiting for a move the player had made)
    if (this.sentFrom !== null && from <= this.sentFrom) return;
    this.sentFrom = from;
    this.inFlight += 1;
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
      if (result && this.pace > 0) {
        // what the move set off (a reveal, the cards placed, the bots' answers) is shown one step at a time
        this.enqueue(result.events);
        return;
      }
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) {
        this.sentFrom = null;
        this.felt.setAttribute("aria-busy", "false");
      }
    }
    await this.refresh();
  }
}
