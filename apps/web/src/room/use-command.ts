"use client";

import type { AckFor, ClientEventName } from "@arena/protocol";
import { useCallback, useRef, useState } from "react";
import type { CommandPayload } from "../net/command-body";
import type { SendCommand } from "../net/use-match";
import { type CommandStatus, IDLE, type Refusal, answered, refused, sent } from "./command-status";

export interface Commands {
  /** Sends a command; a refusal is shown in the room's notices until the next answer. */
  readonly send: SendCommand;
  /** Shows a refusal the page found itself, before sending anything. */
  readonly refuse: (refusal: Refusal) => void;
  /** The refusal to show, if the newest answer was one. */
  readonly refusal: Refusal | null;
  /** True while a command waits for its answer (the board takes no clicks meanwhile). */
  readonly busy: boolean;
}

/** "Send a command, show the answer", written once for every button of the room. */
export function useCommand(command: SendCommand): Commands {
  const [status, setStatusState] = useState<CommandStatus>(IDLE);
  const statusRef = useRef<CommandStatus>(IDLE);
  const setStatus = useCallback((next: CommandStatus) => {
    statusRef.current = next;
    setStatusState(next);
  }, []);

  const send = useCallback(
    async <E extends ClientEventName>(event: E, payload: CommandPayload<E>): Promise<AckFor<E>> => {
      const start = sent(statusRef.current);
      setStatus(start.status);
      const ack = await command(event, payload);
      setStatus(answered(statusRef.current, start.seq, ack));
      return ack;
    },
    [command, setStatus],
  );

  const refuse = useCallback(
    (refusal: Refusal) => setStatus(refused(statusRef.current, refusal)),
    [setStatus],
  );

  return { send, refuse, refusal: status.refusal, busy: status.inFlight > 0 };
}
