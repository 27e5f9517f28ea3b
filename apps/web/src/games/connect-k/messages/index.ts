import type { GameMessages } from "../../web-game";
import en from "./en.json";
import ja from "./ja.json";
import ru from "./ru.json";

/** The game's words in each language (its title, seats, results, form, analysis and How to play). */
export const connectKMessages: GameMessages = { en, ru, ja };
