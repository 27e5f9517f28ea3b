export { flips, moves, out, popcount, popcount32, perftBits } from "./bitboard.js";
export * from "./notation.js";
export * from "./rules.js";
export * from "./squares.js";
