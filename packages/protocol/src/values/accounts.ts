/**
 * The rating pools: one per game and speed (lichess's classes, `speedOf` in @arena/match); correspondence
 * games are rated apart.
 */
export const SPEEDS = ["ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"] as const;

export const GAME_OUTCOMES = ["win", "draw", "loss"] as const;
export type GameOutcome = (typeof GAME_OUTCOMES)[number];
