// The felt: the game drawn by its renderer (games/index.ts) with the viewer's legal moves as buttons, the line over
// it that says whom the game waits for, and the seat's forfeit.
import { bearer, type GameView } from "../api/client";
import { shownName } from "../catalog";
import { button, h } from "../dom";
import { renderers } from "../games";
import { list, t } from "../i18n";
import { api, call, clearError, notice } from "../page";
import type { SeatToken } from "../tokens";
import type { TableHost } from "./host";

const boards = new WeakMap<HTMLElement, HTMLElement>();

export function drawTable(
  host: TableHost,
  felt: HTMLElement,
  view: GameView,
  seat: SeatToken | null,
  moves: unknown[],
  said: HTMLElement | null = null,
): void {
  if (view.status === "lobby" || view.status === "expired" || view.state === null) {
    felt.hidden = true;
    felt.replaceChildren();
    return;
  }
  felt.hidden = false;
  const renderer = renderers[view.game];
  const focused = document.activeElement instanceof HTMLElement && felt.contains(document.activeElement)
    ? (document.activeElement.dataset["move"] ?? null)
    : undefined;
  // the same board from one view to the next, so that the renderer sees the cards it drew last and moves those
  // that changed place (games/motion.ts)
  const board = boards.get(felt) ?? h("div");
  boards.set(felt, board);
  const header = h("p", {}, turnLine(view, seat));
  const actions = h("div", { class: "actions" });
  if (seat && view.status === "active") {
    actions.append(
      button(t("forfeit.button"), async () => {
        if (!window.confirm(t("forfeit.confirm"))) return;
        const gone = await call(
          api.POST("/v1/games/{game_id}/forfeit", {
            params: { path: { game_id: host.gameId } },
            headers: bearer(seat.token),
          }),
        );
        if (gone === undefined) return;
        clearError();
        notice(t("forfeit.done"));
        await host.refresh();
      }, "danger"),
    );
  }
  felt.replaceChildren(h("h2", { class: "visually-hidden" }, t("table.region")), header, said ?? "", board, actions);
  if (!renderer) {
    board.replaceChildren(h("p", {}, t("table.noRenderer", { game: view.game })));
    return;
  }
  renderer.render(board, {
    game: view.game,
    view,
    seat: seat?.seat ?? null,
    moves: moves,
    play: (command: unknown) => void host.play(command),
  });
  board.setAttribute("aria-busy", "false");
  if (focused !== undefined) {
    // the renderer drew new elements: put the keyboard back on the same move, else on the table
    const same = focused === null ? null : board.querySelector<HTMLElement>(`[data-move="${CSS.escape(focused)}"]`);
    (same ?? board.querySelector<HTMLElement>("[data-move]") ?? felt).focus();
  }
}

/** The line over the table: whom it waits for, speaking to the player when it waits for them. */
function turnLine(view: GameView, seat: SeatToken | null): string {
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
