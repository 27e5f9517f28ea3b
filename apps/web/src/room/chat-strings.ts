import type { ChatChannel, ErrorCode } from "@arena/protocol";

/** Every word the chat panel shows, together (the i18n catalogues will take them from here). */
export const CHAT_STRINGS = {
  title: "Chat",
  channel: { players: "Players", spectators: "Spectators" } satisfies Record<ChatChannel, string>,
  placeholder: {
    players: "Say something to your opponent",
    spectators: "Say something to the other spectators",
  },
  send: "Send",
  empty: "No messages yet.",
  closed: "The host has closed the spectators' chat.",
  mute: (name: string) => `Mute ${name}`,
  unmute: (name: string) => `Unmute ${name}`,
  spectatorSwitch: "Spectators may chat",
  charactersLeft: (left: number) => `${left} characters left`,
  refusal: {
    "chat-empty": "Type something first.",
    "chat-too-long": "That line is too long: at most 140 characters.",
    "chat-closed": "The host has closed the spectators' chat.",
    forbidden: "You cannot write in that channel.",
    "payload-too-large": "That line is too long: at most 140 characters.",
  } satisfies Partial<Record<ErrorCode, string>>,
  rateLimited: (seconds: number) => `Slow down: you can write again in ${seconds} s.`,
} as const;
