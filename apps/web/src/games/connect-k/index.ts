import * as ConnectK from "@arena/engine/games/connect-k/index";
import type { OptionValues, VariantName, WebGame } from "../web-game";
import { connectKAnalysis } from "./analysis";
import { ConnectKBoard } from "./board";
import { connectKSpeech } from "./speech";

const CUSTOM = "custom";

/** The size fields a preset fixes; shown and sent only for a custom board. */
const SIZE_FIELDS: ReadonlySet<string> = new Set(["width", "height", "k"]);

/** A preset drops the size fields it fixes; a custom board sends its sizes and no preset. */
function optionsPayload(values: OptionValues): Record<string, string | number> {
  const options = { ...values };
  if (options.preset === CUSTOM) delete options.preset;
  else for (const key of SIZE_FIELDS) delete options[key];
  return options;
}

/**
 * A room's board by name: the preset its sizes match (whatever the host asked for), else "k in a row" with
 * its sizes.
 */
export function connectKVariant(options: unknown): VariantName | null {
  const parsed = ConnectK.connectK.parseOptions(options ?? {});
  if (!parsed.ok) return null;
  const { width, height, k } = parsed.value;
  const preset = ConnectK.CONNECT_K_PRESET_NAMES.find((name) => {
    const size = ConnectK.CONNECT_K_PRESETS[name];
    return size.width === width && size.height === height && size.k === k;
  });
  return preset === undefined
    ? { key: "variants.custom", values: { width, height, k } }
    : { key: `variants.${preset}` };
}

/** Connect-k: gravity k-in-a-row, Connect Four by default (games.md §2). */
export const connectKWeb: WebGame<ConnectK.ConnectKState, number> = {
  id: "connect-k",
  rules: ConnectK.connectK,
  Board: ConnectKBoard,
  moveHint: "4",
  seatName: (seat, words) => words("seat", { seat: String(seat), number: seat + 1 }),
  seatColor: (seat) => `var(--seat-${seat})`,
  // Scores are 1–0: the banner says "with a line" instead.
  result: { byRules: "result.withLine", showScores: false },
  movesPerRow: 2,
  optionFields: [
    {
      key: "preset",
      label: "options.preset",
      kind: "choice",
      choices: ConnectK.CONNECT_K_PRESET_CHOICES,
      choiceLabels: Object.fromEntries(
        ConnectK.CONNECT_K_PRESET_CHOICES.map((choice) => [choice, `options.presets.${choice}`]),
      ),
      initial: "connect-four",
    },
    {
      key: "width",
      label: "options.width",
      kind: "number",
      min: ConnectK.CONNECT_K_MIN_WIDTH,
      max: ConnectK.CONNECT_K_MAX_WIDTH,
      initial: 7,
    },
    {
      key: "height",
      label: "options.height",
      kind: "number",
      min: ConnectK.CONNECT_K_MIN_HEIGHT,
      max: ConnectK.CONNECT_K_MAX_HEIGHT,
      initial: 6,
    },
    {
      key: "k",
      label: "options.k",
      kind: "number",
      min: ConnectK.CONNECT_K_MIN_K,
      max: ConnectK.CONNECT_K_MAX_K,
      initial: 4,
    },
  ],
  showsField: (field, values) => !SIZE_FIELDS.has(field.key) || values.preset === CUSTOM,
  optionsPayload,
  variant: connectKVariant,
  quickGames: [{ label: "quick.computer", seats: ["me", "ai"], levels: [3, 3] }],
  demo: { options: { preset: "connect-four" }, seed: 0 },
  analysis: connectKAnalysis,
  speech: connectKSpeech,
};
