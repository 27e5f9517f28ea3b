import { EMAIL_KINDS, EMAIL_LANGUAGES, type EmailKind, type EmailLanguage } from "@arena/protocol";

/** The languages mails are written in: the web app's three. */
export const MAIL_LANGUAGES = EMAIL_LANGUAGES;
export type MailLanguage = EmailLanguage;

/** The notification kinds (the inbox's), each with what its mail says. */
export const MAIL_KINDS = EMAIL_KINDS;
export type MailKind = EmailKind;

/** Mailed unless the account turns them off; the rest only when it turns them on. */
export const DEFAULT_MAILED_KINDS: readonly MailKind[] = [
  "your-turn",
  "time-running-out",
  "game-over",
  "invitation",
];

interface Words {
  readonly subject: string;
  readonly body: string;
}

interface Texts {
  readonly kinds: Record<MailKind, Words>;
  /** `{link}` is where the match or tournament is. */
  readonly open: string;
  readonly unsubscribe: string;
  readonly verifySubject: string;
  /** `{link}` is the verification link. */
  readonly verifyBody: string;
  readonly resetSubject: string;
  /** `{name}` is the account's name, `{link}` the reset page's link (docs/mail.md, "Password reset"). */
  readonly resetBody: string;
  /** Who `{from}` is when the notification names nobody. */
  readonly someone: string;
  /** The page an unsubscribe link opens: a question and a button, then the answer. */
  readonly unsubscribePage: {
    readonly title: string;
    /** `{kind}` is the kind's subject, or every kind. */
    readonly question: string;
    readonly button: string;
    readonly done: string;
    readonly every: string;
  };
}

/** Every mail's words; ru and ja carry no Latin words but names and links. */
export const MAIL_TEXTS = {
  en: {
    kinds: {
      "your-turn": { subject: "Your turn", body: "Your opponent has moved: it is your turn." },
      "time-running-out": {
        subject: "Your time is running out",
        body: "You have a fifth of your time left for your move.",
      },
      "game-over": { subject: "Game over", body: "Your game has ended." },
      invitation: { subject: "You are invited to a game", body: "{from} invites you to a game." },
      "draw-offer": { subject: "Draw offered", body: "{from} offers a draw." },
      "takeback-request": { subject: "Takeback requested", body: "{from} asks to take back a move." },
      "tournament-invitation": {
        subject: "You are invited to a tournament",
        body: "{from} invites you to a tournament.",
      },
      "report-handled": {
        subject: "Your report was handled",
        body: "A moderator has handled a report you filed. Thank you.",
      },
      "moderator-warning": {
        subject: "A warning from the moderators",
        body: "A moderator has warned you about your behaviour on Arena. Please keep to the rules.",
      },
    },
    open: "Open it: {link}",
    unsubscribe: "No more mails like this one: {link}",
    verifySubject: "Confirm your e-mail address",
    verifyBody: "Open this link within a day to confirm this address for your Arena account: {link}",
    resetSubject: "Reset your password",
    resetBody:
      "Someone asked to reset the password of your Arena account {name}. Open this link within 30 minutes to choose a new one: {link}\n\nIf it was not you, ignore this mail: your password stays as it is.",
    someone: "A player",
    unsubscribePage: {
      title: "Unsubscribe",
      question: "Stop the mails of this kind: {kind}?",
      button: "Unsubscribe",
      done: "Done: you will get no more mails of this kind.",
      every: "every kind",
    },
  },
  ru: {
    kinds: {
      "your-turn": { subject: "Ваш ход", body: "Соперник сделал ход: теперь ходите вы." },
      "time-running-out": { subject: "Время на исходе", body: "На ход у вас осталась пятая часть времени." },
      "game-over": { subject: "Партия окончена", body: "Ваша партия завершилась." },
      invitation: { subject: "Приглашение в партию", body: "{from} приглашает вас сыграть." },
      "draw-offer": { subject: "Предложение ничьей", body: "{from} предлагает ничью." },
      "takeback-request": { subject: "Просьба вернуть ход", body: "{from} просит вернуть ход." },
      "tournament-invitation": { subject: "Приглашение в турнир", body: "{from} приглашает вас в турнир." },
      "report-handled": {
        subject: "Ваша жалоба рассмотрена",
        body: "Модератор рассмотрел вашу жалобу. Спасибо.",
      },
      "moderator-warning": {
        subject: "Предупреждение от модераторов",
        body: "Модератор вынес вам предупреждение за ваше поведение на сайте. Пожалуйста, соблюдайте правила.",
      },
    },
    open: "Открыть: {link}",
    unsubscribe: "Больше не присылать такие письма: {link}",
    verifySubject: "Подтвердите адрес почты",
    verifyBody:
      "Откройте эту ссылку в течение суток, чтобы подтвердить адрес для вашей учётной записи: {link}",
    resetSubject: "Сброс пароля",
    resetBody:
      "Кто-то попросил сбросить пароль вашей учётной записи {name}. Откройте эту ссылку в течение 30 минут, чтобы задать новый: {link}\n\nЕсли это были не вы, просто не обращайте внимания на письмо: пароль останется прежним.",
    someone: "Игрок",
    unsubscribePage: {
      title: "Отписка",
      question: "Больше не присылать письма этого вида: {kind}?",
      button: "Отписаться",
      done: "Готово: писем этого вида больше не будет.",
      every: "все виды",
    },
  },
  ja: {
    kinds: {
      "your-turn": { subject: "あなたの番です", body: "相手が指しました。あなたの番です。" },
      "time-running-out": {
        subject: "持ち時間が残りわずかです",
        body: "この手の持ち時間が残り五分の一です。",
      },
      "game-over": { subject: "対局終了", body: "対局が終わりました。" },
      invitation: { subject: "対局への招待", body: "{from} さんから対局の招待が届きました。" },
      "draw-offer": { subject: "引き分けの提案", body: "{from} さんが引き分けを提案しています。" },
      "takeback-request": { subject: "待ったの要求", body: "{from} さんが待ったを求めています。" },
      "tournament-invitation": { subject: "大会への招待", body: "{from} さんから大会の招待が届きました。" },
      "report-handled": {
        subject: "通報が処理されました",
        body: "あなたの通報をモデレーターが処理しました。ありがとうございました。",
      },
      "moderator-warning": {
        subject: "モデレーターからの警告",
        body: "サイトでの行為についてモデレーターから警告がありました。ルールを守ってください。",
      },
    },
    open: "開く: {link}",
    unsubscribe: "この種類のメールを止める: {link}",
    verifySubject: "メールアドレスの確認",
    verifyBody: "一日以内にこのリンクを開いて、アカウントのアドレスを確認してください: {link}",
    resetSubject: "パスワードの再設定",
    resetBody:
      "アカウント {name} のパスワードの再設定が依頼されました。30分以内にこのリンクを開いて、新しいパスワードを設定してください: {link}\n\nお心当たりがない場合は、このメールを無視してください。パスワードは変わりません。",
    someone: "相手",
    unsubscribePage: {
      title: "配信停止",
      question: "この種類のメールを止めますか: {kind}",
      button: "配信を止める",
      done: "停止しました。この種類のメールはもう届きません。",
      every: "すべての種類",
    },
  },
} as const satisfies Record<MailLanguage, Texts>;

/** Fills `{name}` slots. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
