import type { Ack } from "@arena/protocol";

/** A refusal to show: the code the page words in its language, and the sender's message as detail. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/**
 * The state of the commands a page has sent: how many are waiting for their answer, and the refusal to
 * show. The newest command's answer decides what is shown: an older answer that arrives late neither
 * shows its refusal over a newer command's nor clears one.
 */
export interface CommandStatus {
  /** Sequence number of the last command sent. */
  readonly last: number;
  /** Sequence number of the newest command answered. */
  readonly answered: number;
  readonly inFlight: number;
  readonly refusal: Refusal | null;
}

export const IDLE: CommandStatus = { last: 0, answered: 0, inFlight: 0, refusal: null };

/** A command is sent; its sequence number identifies its answer. */
export function sent(status: CommandStatus): { readonly status: CommandStatus; readonly seq: number } {
  const seq = status.last + 1;
  return { status: { ...status, last: seq, inFlight: status.inFlight + 1 }, seq };
}

/** The answer to command `seq`. */
export function answered(status: CommandStatus, seq: number, ack: Ack): CommandStatus {
  const inFlight = Math.max(0, status.inFlight - 1);
  if (seq < status.answered) return { ...status, inFlight };
  return {
    ...status,
    inFlight,
    answered: seq,
    refusal: ack.ok ? null : { code: ack.code, message: ack.message },
  };
}

/** A refusal found before anything was sent (a form the page checks itself). */
export function refused(status: CommandStatus, refusal: Refusal): CommandStatus {
  return { ...status, answered: status.last, refusal };
}
