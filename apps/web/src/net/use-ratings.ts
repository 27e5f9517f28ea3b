"use client";

import { speedOf } from "@arena/match";
import type { RatingView, TimeControl } from "@arena/protocol";
import { useEffect, useState } from "react";
import { fetchRatings } from "./players-api";

/**
 * The ratings of `userIds` in one pool (game × the speed of `timeControl`), for the names in the lobby and
 * the room; guests and unrated players have none. Fetched again when the set of users changes.
 */
export function useRatings(
  gameId: string,
  timeControl: TimeControl,
  userIds: readonly string[],
): Readonly<Record<string, RatingView>> {
  const [ratings, setRatings] = useState<Readonly<Record<string, RatingView>>>({});
  const speed = speedOf(timeControl);
  const key = [...new Set(userIds)].sort().join(",");
  useEffect(() => {
    let live = true;
    void fetchRatings(gameId, speed, key === "" ? [] : key.split(",")).then((found) => {
      if (live) setRatings(found);
    });
    return () => {
      live = false;
    };
  }, [gameId, speed, key]);
  return ratings;
}
