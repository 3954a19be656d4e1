/** The chat widget's look, one per bot (spec 3 §3 Theme). Colours are hex texts. */
export interface ThemeHeader {
  headerColor: string;
  headerBackground: string;
  headerTitle: string;
  headerTitleFontSize: number;
  /** Show the bot avatar in the header. */
  isAvatar: boolean;
}

export interface ThemeBody {
  chatBackground: string;
  chatFontSize: number;
  dateColor: string;
  /** URL of the avatar shown for the bot ('' for none). */
  botAvatar: string;
  /** URL of an avatar uploaded on the theme page, or null. */
  customAvatar: string | null;
  /** Right to left. */
  rtl: boolean;
}

export interface ThemeUser {
  userBackground: string;
  userColor: string;
}

export interface ThemeBot {
  botBackground: string;
  botColor: string;
}

export interface ThemeChoice {
  choiceColor: string;
  choiceBackground: string;
  choiceSelectedBackground: string;
  choiceSelectedColor: string;
}

export interface ThemeInput {
  inputPlaceholderText: string;
  inputTextColor: string;
  inputBackground: string;
  inputBorderColor: string;
  inputBarBackground: string;
  inputIconsColor: string;
}

export interface Theme {
  header: ThemeHeader;
  body: ThemeBody;
  user: ThemeUser;
  bot: ThemeBot;
  choice: ThemeChoice;
  input: ThemeInput;
}

/** A theme edit: any subset of any section. */
export type ThemePatch = { [Section in keyof Theme]?: Partial<Theme[Section]> };

/** The theme as the theme page reads it: it also carries the bot's voice and language settings. */
export interface BotTheme extends Theme {
  language: number;
  use_stt: boolean;
  use_tts: boolean;
  use_ext_stt: boolean;
  use_ext_tts: boolean;
}
