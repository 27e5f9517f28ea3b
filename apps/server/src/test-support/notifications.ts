import { type Notification } from "@arena/protocol";
import { expect } from "vitest";

/** `GET /api/notifications` with the token, polled until `wanted` holds (5 s at most). */
export async function notificationsUntil(
  url: string,
  token: string,
  wanted: (list: readonly Notification[]) => boolean,
): Promise<Notification[]> {
  const until = Date.now() + 5_000;
  for (;;) {
    const response = await fetch(`${url}/api/notifications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const { notifications } = (await response.json()) as { notifications: Notification[] };
    if (wanted(notifications)) return notifications;
    if (Date.now() > until) throw new Error(`notifications never matched: ${JSON.stringify(notifications)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
