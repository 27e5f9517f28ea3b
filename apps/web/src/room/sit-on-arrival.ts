"use client";

import { useEffect, useRef, useState } from "react";
import type { SendCommand } from "../net/use-match";
import type { RoomView } from "./room-view";
import type { SitRequest } from "./sit-request";

/** The seat to take for a request, in the room as it is now, or null when none is free for this user. */
export function seatToTake(
  view: RoomView,
  request: Exclude<SitRequest, null>,
  userId: string,
): number | null {
  if (view.model.status !== "waiting" || view.mine.length > 0) return null;
  const free = (seat: number) => {
    const slot = view.model.slots[seat];
    return slot?.kind === "open" || (slot?.kind === "invite" && slot.invitee?.id === userId);
  };
  if (request !== "open") return free(request) ? request : null;
  const open = view.model.slots.findIndex((slot) => slot.kind === "open");
  return open === -1 ? null : open;
}

/** How many times a join beaten by another change of the room (`stale-version`) is tried again. */
const ATTEMPTS = 3;

export type SitState = "none" | "joining" | "taken";

/**
 * Join in one click (docs/web.md, "My games"): a page opened to sit takes the seat as soon as the room is
 * loaded; when the seat went to someone else meanwhile, it stays to watch and says so (`taken`). `done` is
 * called once the attempt is over, to drop the request from the address.
 */
export function useSitOnArrival(
  view: RoomView | null,
  request: SitRequest,
  userId: string | undefined,
  command: SendCommand,
  invite: string | undefined,
  done: () => void,
): SitState {
  const [state, setState] = useState<SitState>("none");
  const [retry, setRetry] = useState(0);
  const attempts = useRef(0);
  const busy = useRef(false);
  const version = view?.model.version;
  useEffect(() => {
    if (request === null || view === null || userId === undefined || busy.current) return;
    if (state !== "none" && state !== "joining") return;
    if (view.mine.length > 0) {
      setState("none");
      done();
      return;
    }
    const seat = seatToTake(view, request, userId);
    if (seat === null || attempts.current >= ATTEMPTS) {
      setState("taken");
      done();
      return;
    }
    attempts.current += 1;
    busy.current = true;
    setState("joining");
    void command("room:join-seat", { seat, ...(invite === undefined ? {} : { inviteToken: invite }) }).then(
      (ack) => {
        busy.current = false;
        // Beaten by another change of the room: tried again against the room as it is now (the effect runs
        // again).
        if (!ack.ok && ack.code === "stale-version") {
          setRetry((n) => n + 1);
          return;
        }
        setState(ack.ok ? "none" : "taken");
        done();
      },
    );
  }, [view, version, request, userId, command, invite, done, state, retry]);
  return state;
}
