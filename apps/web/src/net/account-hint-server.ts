import { cookies } from "next/headers";
import { ACCOUNT_HINT_COOKIE, parseAccountHint } from "./account-hint";

/** Whether the request's browser last held an account's session (net/account-hint.ts). */
export async function accountHintOfRequest(): Promise<boolean> {
  return parseAccountHint((await cookies()).get(ACCOUNT_HINT_COOKIE)?.value);
}
