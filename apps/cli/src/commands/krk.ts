/**
 * `arena krk --stats | --table`: the king-and-rook figures of docs/krk.md §9 and docs/strength.md.
 *
 * --stats plays Bratko's AL0 as White from every won White-to-move position (or `--sample N` of them)
 * against Black's perfect defence, or with `--defence every` proves it against every defence, and ends
 * with `won N mated N stalemates S rook-lost L max-moves M mean-excess E`. --table prints the oracle's
 * Black-to-move positions reduced by the UCI dataset's symmetry rule, one `class count` line per class.
 */
import { parseArgs } from "node:util";
import { Krk } from "@arena/engine";
import { type Al0Variant, BOOK_VARIANT, PRODUCT_VARIANT } from "@arena/engine/games/krk/ai/index";
import { type Al0ProofSummary, proveAgainstEveryDefence, runAl0Proof } from "@arena/lab/krk/proof";
import type { Output } from "../io.js";
import { UsageError, progressBar, wholeNumber } from "./common.js";

/** The command's name on the command line: `arena krk`. */
export const KRK_COMMAND = "krk";

export const KRK_USAGE = `krk --stats [--defence perfect|every] [--advice product|book] [--sample <n>] [--seed <n>] [--worst <n>]
        AL0 from every won position; ends with "won N mated N stalemates S rook-lost L max-moves M mean-excess E"
  krk --table   the oracle's UCI class distribution, one "class count" line per class`;

const VARIANTS: Readonly<Record<string, Al0Variant>> = { product: PRODUCT_VARIANT, book: BOOK_VARIANT };
const DEFENCES = ["perfect", "every"] as const;

function describeVariant(variant: Al0Variant): string {
  return `okedge ${variant.okedge}, stalemate guard ${variant.stalemate}`;
}

/** The specified last line. */
export function statsLine(summary: Al0ProofSummary): string {
  const { endings } = summary;
  return `won ${summary.won} mated ${endings.mated} stalemates ${endings.stalemate} rook-lost ${endings["rook-lost"]} max-moves ${summary.maxMoves} mean-excess ${summary.meanExcess.toFixed(3)}`;
}

function gameLine(game: Al0ProofSummary["worst"][number]): string {
  const fen = Krk.formatFen(game.start, 0, 1);
  if (game.ending !== "mated") {
    const after = game.moves > 0 ? ` after ${game.moves} White move${game.moves === 1 ? "" : "s"}` : "";
    return `${fen}  ${game.ending}${after} (mate in ${game.optimal} was there)`;
  }
  return `${fen}  mated in ${game.moves} (optimal ${game.optimal}, excess ${game.moves - game.optimal})`;
}

function stats(values: Record<string, string | boolean | undefined>, io: Output, now: () => number): number {
  const variantName = typeof values["advice"] === "string" ? values["advice"] : "product";
  const variant = VARIANTS[variantName];
  if (variant === undefined) throw new UsageError("--advice is product or book");
  const defence = typeof values["defence"] === "string" ? values["defence"] : "perfect";
  if (!(DEFENCES as readonly string[]).includes(defence))
    throw new UsageError("--defence is perfect or every");
  const sampleText = typeof values["sample"] === "string" ? values["sample"] : undefined;
  const sample = sampleText === undefined ? undefined : wholeNumber(sampleText, "--sample", 0, 175_168);
  const seed = wholeNumber(typeof values["seed"] === "string" ? values["seed"] : undefined, "--seed", 1);
  const worst = wholeNumber(
    typeof values["worst"] === "string" ? values["worst"] : undefined,
    "--worst",
    10,
    1000,
  );
  const started = now();
  const options = {
    variant,
    ...(sample === undefined ? {} : { sample, seed }),
    worst,
    onProgress: progressBar(io, `krk ${defence}`),
  };
  const summary = defence === "every" ? proveAgainstEveryDefence(options) : runAl0Proof(options);
  io.stderr(`krk: ${((now() - started) / 1000).toFixed(1)} s\n`);
  const against = defence === "every" ? "every defence (longest forced game)" : "perfect defence";
  const lines = [
    `AL0 (${variantName} advice table: ${describeVariant(variant)}) against ${against}, ${summary.won} won positions${sample === undefined ? "" : ` (sample, seed ${seed})`}`,
    ...summary.worst.map((game, index) => `worst ${index + 1}: ${gameLine(game)}`),
    ...summary.failures.map((game) => `not won: ${gameLine(game)}`),
    `endings: ${Object.entries(summary.endings)
      .map(([ending, count]) => `${ending} ${count}`)
      .join(" ")}`,
    statsLine(summary),
  ];
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}

function table(io: Output, now: () => number): number {
  const started = now();
  const counts = Krk.uciClassCounts(Krk.buildKrkTables());
  io.stderr(`krk: oracle built and reduced in ${((now() - started) / 1000).toFixed(2)} s\n`);
  io.stdout([...counts].map(([name, count]) => `${name} ${count}\n`).join(""));
  return 0;
}

export function krkCommand(args: string[], io: Output, now: () => number): number {
  const { values } = parseArgs({
    args,
    options: {
      stats: { type: "boolean" },
      table: { type: "boolean" },
      defence: { type: "string" },
      advice: { type: "string" },
      sample: { type: "string" },
      seed: { type: "string" },
      worst: { type: "string" },
    },
  });
  if (values.stats === values.table) throw new UsageError(`give one of --stats and --table\n${KRK_USAGE}`);
  return values.table === true ? table(io, now) : stats(values, io, now);
}
