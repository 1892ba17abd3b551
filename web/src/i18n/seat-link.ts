// The seat and host links (tokens.ts, table/seats.ts): a person's way back to their seat from another tab or
// device, now that this tab forgets its tokens when it is closed. The sentence says what the link is: a key.
import type { Translation } from "./core";

export const en = {
  "link.seat": "Link to your seat",
  "link.seatSays":
    "This link is the key to your seat: whoever opens it plays in your place. Open it in another tab or on another device to come back to this game; this tab forgets your seat once it is closed. Do not share it.",
  "link.seatField": "Your seat’s link",
  "link.host": "Host link",
  "link.hostSays":
    "This link is the key to hosting this game: whoever opens it can seat bots, free seats, start the game and offer a rematch. Keep it to yourself; this tab forgets it once it is closed.",
  "link.hostField": "The host’s link",
  "link.copy": "Copy the link",
  "link.copied": "Link copied: keep it to yourself",
} as const;

export const fr: Translation<typeof en> = {
  "link.seat": "Lien de votre place",
  "link.seatSays":
    "Ce lien est la clé de votre place : qui l’ouvre joue à votre place. Ouvrez-le dans un autre onglet ou sur un autre appareil pour revenir à cette partie ; cet onglet oublie votre place une fois fermé. Ne le partagez pas.",
  "link.seatField": "Le lien de votre place",
  "link.host": "Lien d’hôte",
  "link.hostSays":
    "Ce lien est la clé de l’hôte de cette partie : qui l’ouvre peut asseoir des robots, libérer des places, lancer la partie et proposer une revanche. Gardez-le pour vous ; cet onglet l’oublie une fois fermé.",
  "link.hostField": "Le lien de l’hôte",
  "link.copy": "Copier le lien",
  "link.copied": "Lien copié : gardez-le pour vous",
};
