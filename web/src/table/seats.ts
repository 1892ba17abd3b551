// A table's seats and its lobby: the list of seats (the host frees one) with this tab's seat and host links, and the
// lobby's forms: join a seat, leave it, and for the host seat a bot and start the game.
import { bearer, type GameView, type Schemas } from "../api/client";
import { botLabel, botLevels, DEFAULT_BOT } from "../catalog";
import { button, type Child, h, labelled, randomHex, select } from "../dom";
import { entropyFor } from "../entropy";
import { seatMark } from "../fair-play";
import { botName, t } from "../i18n";
import { api, call, clearError, notice } from "../page";
import { adminLink, type AdminToken, seatLink, type SeatToken, tokens } from "../tokens";
import type { TableHost } from "./host";

export function emptySeats(view: GameView): number[] {
  return view.players.filter((player) => player.name === null && player.bot === null).map((player) => player.seat);
}

/** The seats, then this tab's links back to its seat and to hosting (keys(), below). */
export function seatList(host: TableHost, view: GameView, seat: SeatToken | null, admin: AdminToken | null): HTMLElement {
  return h("div", {}, seatItems(host, view, seat, admin), ...keys(host.gameId, view, seat, admin));
}

function seatItems(host: TableHost, view: GameView, seat: SeatToken | null, admin: AdminToken | null): HTMLElement {
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
              params: { path: { game_id: host.gameId, seat: player.seat } },
              headers: bearer(admin.token),
            }),
          );
          if (freed === undefined) return;
          clearError();
          if (mine) tokens.setSeat(host.gameId, null);
          await host.refresh();
        }, "secondary"),
      );
    }
    list.append(item);
  }
  return list;
}

// whether the person opened a link's box, per game and link: the seats are drawn again as others join, not closed
const opened = new Set<string>();

/**
 * This tab's way back to its seat (and, for the host, to hosting) from another tab or device: the seat link, shown
 * in a box the person opens, with the sentence that it is the key to the seat and a copy button. The tokens leave
 * this tab only this way (tokens.ts). Until the seat's entropy is revealed the link carries it too, so the seat
 * opened elsewhere can still reveal (docs/fair-play.md).
 */
function keys(gameId: string, view: GameView, seat: SeatToken | null, admin: AdminToken | null): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  if (seat) {
    const mine = view.players[seat.seat];
    const due = view.status === "lobby" && mine !== undefined && mine.commitment !== "" && mine.entropy === "";
    const entropy = due ? entropyFor(gameId, mine.commitment) : null;
    const link = seatLink(gameId, seat, entropy);
    boxes.push(linkBox(`${gameId}:seat`, "seat-link", t("link.seat"), t("link.seatField"), t("link.seatSays"), link));
  }
  if (admin) {
    const link = adminLink(gameId, admin);
    boxes.push(linkBox(`${gameId}:admin`, "host-link", t("link.host"), t("link.hostField"), t("link.hostSays"), link));
  }
  return boxes;
}

function linkBox(
  which: string,
  testId: string,
  summary: string,
  label: string,
  says: string,
  link: string,
): HTMLElement {
  const field = h("input", { type: "text", readonly: "", value: link, spellcheck: "false", autocomplete: "off" });
  const box = h(
    "details",
    { "data-testid": testId, open: opened.has(which) ? "" : undefined },
    h("summary", {}, summary),
    labelled(label, field, says),
    h("div", { class: "actions" }, button(t("link.copy"), async () => {
      try {
        await navigator.clipboard.writeText(field.value);
        notice(t("link.copied"));
      } catch {
        field.select();
        notice(t("share.select"));
      }
    }, "secondary")),
  );
  box.addEventListener("toggle", () => {
    if (box.open) opened.add(which);
    else opened.delete(which);
  });
  return box;
}

export function lobbyControls(
  host: TableHost,
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
        if (committing) Object.assign(body, await host.fairPlay.joinFields(view));
        else if (entropy.value.trim() !== "") body.entropy = entropy.value.trim();
        if (view.private) body.join_code = joinCode.value.trim();
        const taken = await call(
          api.POST("/v1/games/{game_id}/seats", { params: { path: { game_id: host.gameId } }, body }),
        );
        if (!taken?.player_token) return;
        clearError();
        tokens.setSeat(host.gameId, { seat: taken.seat, token: taken.player_token });
        notice(t("join.done", { seat: taken.seat + 1 }));
        await host.refresh();
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
              params: { path: { game_id: host.gameId } },
              headers: bearer(seat.token),
            }),
          );
          if (left === undefined) return;
          clearError();
          tokens.setSeat(host.gameId, null);
          notice(t("mine.left"));
          await host.refresh();
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
      h("div", { class: "actions" }, button(t("host.start"), () => host.start(admin))),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void (async () => {
        const body: Schemas["JoinSeat"] = { bot: level.value };
        if (where.value !== "") body.seat = Number(where.value);
        const seated = await call(
          api.POST("/v1/games/{game_id}/seats", {
            params: { path: { game_id: host.gameId } },
            headers: bearer(admin.token),
            body,
          }),
        );
        if (!seated) return;
        clearError();
        notice(t("host.seated", { level: botLabel(level.value), seat: seated.seat + 1 }));
        await host.refresh();
      })();
    });
    parts.push(form);
  }
  return parts;
}

