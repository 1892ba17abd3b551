// The table's tools under its heading: the game's rules (a dialog, src/rules.ts) and the score sheet (sheet.ts).
import { titleOf } from "../catalog";
import { h } from "../dom";
import { t } from "../i18n";
import { rulesButton } from "../rules";

/** The tools bar of `game`'s table; `extra` are more buttons (the score sheet's). */
export function tableTools(game: string, ...extra: HTMLElement[]): HTMLElement {
  return h(
    "div",
    { class: "actions table-tools", role: "toolbar", "aria-label": t("tools.label") },
    rulesButton(game, titleOf(game)),
    ...extra,
  );
}
