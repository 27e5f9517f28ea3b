/// <reference types="node" />
import { readFileSync } from "node:fs";
import { type Puzzle, parsePuzzle } from "../puzzle.js";

/** The shipped puzzles of one game (packages/puzzles/data/<game>.jsonl), each line parsed. */
export function seedSet(gameId: string): Puzzle[] {
  const text = readFileSync(new URL(`../../data/${gameId}.jsonl`, import.meta.url), "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line, index) => {
      const puzzle = parsePuzzle(line);
      if (!puzzle.ok) throw new Error(`${gameId}.jsonl:${index + 1}: ${puzzle.error.message}`);
      return puzzle.value;
    });
}
