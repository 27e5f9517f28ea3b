/** The questions the move box answers in the screen-reader mode (docs/web.md, "Screen-reader mode"). */
export const SPEECH_COMMANDS = ["clock", "last", "score", "moves", "turn", "help"] as const;
export type SpeechCommand = (typeof SPEECH_COMMANDS)[number];

/** Every language accepts the English letters and words, as lichess's blind mode does. */
const ENGLISH: Readonly<Record<SpeechCommand, readonly string[]>> = {
  clock: ["c", "clock"],
  last: ["l", "last"],
  score: ["s", "score"],
  moves: ["m", "moves"],
  turn: ["t", "turn"],
  help: ["h", "help", "?"],
};

/** Full-width letters (ｍ) and any case read as the plain letters. */
function normalise(text: string): string {
  return text.normalize("NFKC").trim().toLocaleLowerCase();
}

/**
 * The command a text in the move box names, or null for anything else (a move). `localised` holds the
 * page's language's own words for each command, space-separated ("часы", "счёт счет").
 */
export function parseCommand(
  text: string,
  localised: Partial<Readonly<Record<SpeechCommand, string>>> = {},
): SpeechCommand | null {
  const typed = normalise(text);
  if (typed === "") return null;
  return (
    SPEECH_COMMANDS.find((command) => {
      const own = (localised[command] ?? "").split(/\s+/).map(normalise);
      return [...ENGLISH[command], ...own].some((word) => word !== "" && word === typed);
    }) ?? null
  );
}
