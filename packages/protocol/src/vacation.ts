import { z } from "zod";

/** `POST /api/vacation` (docs/protocol.md, "Vacation"): go on vacation, or come back. */
export const VacationRequest = z.object({ on: z.boolean() }).strict();
export type VacationRequest = z.infer<typeof VacationRequest>;

/** What `GET` and `POST /api/vacation` answer: whether the account is away, since when, whole days left. */
export interface VacationStatus {
  readonly ok: true;
  readonly onVacation: boolean;
  readonly since: number | null;
  readonly daysLeft: number;
}
