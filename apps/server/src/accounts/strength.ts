import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { GAME_IDS } from "@arena/engine";

/**
 * zxcvbn's score (0–4) a password needs: 3 is "safely unguessable" against an online attack that is
 * rate-limited and an offline one against a slow hash (~10^8 guesses and more).
 */
export const MIN_PASSWORD_SCORE = 3;

zxcvbnOptions.setOptions({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

/** Words of this site a password must not lean on (zxcvbn counts them as guessable): its name and games. */
const SITE_WORDS = ["arena", "reversi", "boardgame", ...GAME_IDS.flatMap((id) => id.split("-"))];

/**
 * Whether `password` resists guessing (zxcvbn-ts: common passwords, English words and names, keyboard
 * walks, repeats, sequences, l33t and dates), given the account's `name`.
 */
export function isGuessable(password: string, name: string): boolean {
  return zxcvbn(password, [name, ...SITE_WORDS]).score < MIN_PASSWORD_SCORE;
}
