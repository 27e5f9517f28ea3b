import { type AuthResponse, type ErrorCode } from "@arena/protocol";

/** A bot account's name and password: from `--name`/`--password` or ARENA_BOT_NAME/ARENA_BOT_PASSWORD. */
export interface BotCredentials {
  readonly name: string;
  readonly password: string;
}

export type LoginResult =
  | { readonly ok: true; readonly token: string; readonly bot: boolean }
  | { readonly ok: false; readonly code: ErrorCode | "unreachable"; readonly message: string };

async function post(server: string, path: string, body: unknown): Promise<LoginResult> {
  let response: Response;
  try {
    response = await fetch(new URL(path, server), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return {
      ok: false,
      code: "unreachable",
      message: error instanceof Error ? error.message : String(error),
    };
  }
  const answer = (await response.json().catch(() => null)) as
    AuthResponse | { ok: false; code: ErrorCode; message: string } | null;
  if (answer === null) return { ok: false, code: "internal", message: `HTTP ${response.status}` };
  if (!answer.ok) return { ok: false, code: answer.code, message: answer.message };
  return { ok: true, token: answer.token, bot: answer.user.bot };
}

/** `POST /api/login`. */
export function login(server: string, credentials: BotCredentials): Promise<LoginResult> {
  return post(server, "/api/login", credentials);
}

/**
 * `--register`: logs in, and creates the bot account first if the name is free (`POST /api/accounts` with
 * `bot: true`); a name another account holds is refused at login as a wrong password.
 */
export async function loginOrRegister(server: string, credentials: BotCredentials): Promise<LoginResult> {
  const first = await login(server, credentials);
  if (first.ok || first.code !== "bad-credentials") return first;
  const created = await post(server, "/api/accounts", { ...credentials, bot: true });
  if (created.ok || created.code !== "name-taken") return created;
  return first;
}
