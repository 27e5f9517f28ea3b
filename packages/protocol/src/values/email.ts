/** The languages e-mail is written in. */
export const EMAIL_LANGUAGES = ["en", "ru", "ja"] as const;
