"use client";

import type { Failure, FollowedPlayer } from "@arena/protocol";
import { useCallback, useEffect, useState } from "react";
import { useArena } from "./arena-context";

export interface FollowsState {
  /** Whom this account follows, with each one's status; null for a guest or until the list came. */
  readonly players: readonly FollowedPlayer[] | null;
  /** The last refusal (the cap, the rate limit), until the next change is taken. */
  readonly refusal: (Failure & { readonly retryAfterMs?: number }) | null;
  /** Follows or unfollows an account by name. */
  readonly set: (name: string, following: boolean) => Promise<void>;
}

/** A followed player's news replaces their entry; others are kept as they were. */
export function withStatus(
  players: readonly FollowedPlayer[] | null,
  news: FollowedPlayer,
): readonly FollowedPlayer[] | null {
  return players?.map((player) => (player.id === news.id ? news : player)) ?? null;
}

/**
 * The account's follows (docs/web.md, "Follows"): the list asked on every (re)connect, then each followed
 * player's status as the server pushes it (`follow:presence`); never polled.
 */
export function useFollows(): FollowsState {
  const { client, connectCount, session } = useArena();
  const account = session?.account !== undefined;
  const [players, setPlayers] = useState<readonly FollowedPlayer[] | null>(null);
  const [refusal, setRefusal] = useState<FollowsState["refusal"]>(null);

  useEffect(() => {
    if (client === null || !account) return;
    const onNews = (news: FollowedPlayer) => setPlayers((held) => withStatus(held, news));
    client.socket.on("follow:presence", onNews);
    return () => {
      client.socket.off("follow:presence", onNews);
    };
  }, [client, account]);

  useEffect(() => {
    if (client === null || connectCount === 0 || !account) {
      setPlayers(null);
      return;
    }
    let current = true;
    void client.request("follow:list", {}).then((ack) => {
      if (current && ack.ok) setPlayers(ack.players);
    });
    return () => {
      current = false;
    };
  }, [client, connectCount, account]);

  const set = useCallback(
    async (name: string, following: boolean) => {
      if (client === null) return;
      const ack = await client.request("follow:set", { name, following });
      if (!ack.ok) {
        setRefusal(ack);
        return;
      }
      setRefusal(null);
      setPlayers(ack.players);
    },
    [client],
  );

  return { players, refusal, set };
}
