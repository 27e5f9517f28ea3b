import { asUserId, type ChatMute } from "@arena/protocol";

/** A mute as one string (user ids never hold a space: `UserId`). */
export const muteKey = (mute: ChatMute): string => `${mute.user} ${mute.muted}`;

export function muteOfKey(key: string): ChatMute[] {
  const [user, muted] = key.split(" ");
  return user === undefined || muted === undefined ? [] : [{ user: asUserId(user), muted: asUserId(muted) }];
}
