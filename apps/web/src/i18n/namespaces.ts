/** The namespace each game's messages live under: `games.<id>` (its title, seats, results, How to play). */
export const GAMES_NAMESPACE = "games";

/** The How-to-play texts render on the server only: the browser's copy of a catalogue leaves them out. */
export const SERVER_ONLY_KEY = "howTo";
