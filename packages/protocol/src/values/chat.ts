/**
 * A match's two chat channels (docs/protocol.md, "Chat"): the seated players', and everyone else's. While
 * a match is not over each side reads only its own; once it is over, everyone reads both.
 */
export const CHAT_CHANNELS = ["players", "spectators"] as const;

/** The longest line, in characters (Unicode code points) after cleaning. */
export const MAX_CHAT_CHARS = 140;

/** Why a line's text is refused: nothing left after cleaning, or longer than `MAX_CHAT_CHARS`. */
export const CHAT_TEXT_REFUSALS = ["chat-empty", "chat-too-long"] as const;
export type ChatTextRefusal = (typeof CHAT_TEXT_REFUSALS)[number];

/**
 * The quick phrases a player sends in one click (docs/protocol.md, "Chat"): sent and stored as their id,
 * so each reader sees the phrase in their own language.
 */
export const CHAT_PHRASES = ["hello", "good-luck", "have-fun", "good-game", "well-played", "thanks"] as const;
