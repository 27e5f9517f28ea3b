"use client";

/** Whether the user switched browser notifications on (docs/web.md, "My games"); asked for on first use. */
const WANTED_KEY = "arena.notify";

export type NotifyPermission = NotificationPermission | "unsupported";

export function notifyPermission(): NotifyPermission {
  return typeof window === "undefined" || typeof window.Notification !== "function"
    ? "unsupported"
    : window.Notification.permission;
}

export function notifyWanted(): boolean {
  try {
    return localStorage.getItem(WANTED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Switches notifications on or off. On, from a click: the browser asks for permission if it has not yet
 * (it must be asked from a user gesture); the answer is what the switch keeps.
 */
export async function setNotifyWanted(wanted: boolean): Promise<boolean> {
  let on = wanted;
  if (wanted && notifyPermission() === "default") {
    on = (await window.Notification.requestPermission()) === "granted";
  } else if (wanted) {
    on = notifyPermission() === "granted";
  }
  try {
    localStorage.setItem(WANTED_KEY, on ? "1" : "0");
  } catch {
    // private mode: the switch lasts as long as the page
  }
  return on;
}

/** One notification per turn: `tag` replaces an earlier one of the same game rather than adding another. */
export function notify(title: string, body: string, tag: string): void {
  if (!notifyWanted() || notifyPermission() !== "granted") return;
  try {
    new window.Notification(title, { body, tag });
  } catch {
    // some browsers allow notifications only from a service worker: the title and the sound remain
  }
}
