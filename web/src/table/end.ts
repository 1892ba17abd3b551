// The end of a game (or the scores so far): each seat's score, the winners, and the way on: a rematch (the host
// creates it, each person takes their seat over to it) and the replay.
import { bearer, type GameView } from "../api/client";
import { shownName } from "../catalog";
import { button, type Child, gameLink, h } from "../dom";
import { list, t } from "../i18n";
import { navigate } from "../navigation";
import { api, call, clearError } from "../page";
import { type AdminToken, type SeatToken, tokens } from "../tokens";
import type { TableHost } from "./host";

/** "Seat 2 (Bob)" / « Place 2 (Bob) », or "Seat 2" for a seat without a name. */
function seatWho(index: number, name: string | null): string {
  return name ? t("seatWho.named", { seat: index + 1, name }) : t("kit.seat", { seat: index + 1 });
}

export function endSection(
  host: TableHost,
  view: GameView,
  seat: SeatToken | null,
  admin: AdminToken | null,
): Child[] {
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
        t("end.score", { who: seatWho(index, shownName(player)), score }),
        won ? t("end.winner") : "",
      ),
    );
  });
  parts.push(scores);
  if (view.status !== "finished") return parts;
  // the whole game, round by round, under the final scores
  parts.push(h("h3", {}, t("sheet.open")), host.sheet.mount());
  const names = view.winners.map((index) => shownName(view.players[index]) ?? t("turn.seat", { seat: index + 1 }));
  parts.push(h("p", { "data-testid": "game-over" }, t("end.winners", { count: names.length, names: list(names) })));
  const actions = h("div", { class: "actions" });
  const next = view.rematch;
  if (next) {
    actions.append(button(t("end.toRematch"), () => toRematch(host, next, seat)));
  } else if (admin) {
    actions.append(
      button(t("end.rematch"), async () => {
        const created = await call(
          api.POST("/v1/games/{game_id}/rematch", {
            params: { path: { game_id: host.gameId } },
            headers: bearer(admin.token),
          }),
        );
        if (!created) return;
        clearError();
        tokens.setAdmin(created.game_id, { token: created.admin_token, joinCode: created.join_code ?? null });
        await toRematch(host, created.game_id, seat);
      }),
    );
  }
  actions.append(h("a", { href: `/replay.html?game=${encodeURIComponent(host.gameId)}` }, t("end.replay")));
  parts.push(actions);
  return parts;
}

/** Takes this browser's seat over to the rematch (each person's new token comes for their old one). */
async function toRematch(host: TableHost, nextGame: string, seat: SeatToken | null): Promise<void> {
  if (seat && !tokens.seat(nextGame)) {
    const handed = await call(
      api.POST("/v1/games/{game_id}/rematch/token", {
        params: { path: { game_id: host.gameId } },
        headers: bearer(seat.token),
      }),
    );
    if (!handed) return;
    tokens.setSeat(handed.game_id, { seat: handed.seat, token: handed.player_token });
  }
  navigate(gameLink(nextGame, tokens.admin(nextGame)?.joinCode ?? null));
}
