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

/** The six sections every theme has (spec 3 §3 Theme). */
export interface ThemeSections {
  header: ThemeHeader;
  body: ThemeBody;
  user: ThemeUser;
  bot: ThemeBot;
  choice: ThemeChoice;
  input: ThemeInput;
}

/** The sections' fields as a partial edit, section by section. */
export type SectionsPatch = { [Section in keyof ThemeSections]?: Partial<ThemeSections[Section]> };

/** The texts a bot with several languages shows in one of them (keyed by language code). */
export interface LocalTexts {
  headerTitle?: string;
  inputPlaceholderText?: string;
}

export interface Theme extends ThemeSections {
  /**
   * The author's own changes to the derived dark variant (dark.ts): the widget's dark mode is
   * darkTheme(theme) with these laid over it. Absent: the derived variant as it is.
   */
  dark?: SectionsPatch;
  /** Title and placeholder per language code, for bots with several languages. */
  texts?: Record<string, LocalTexts>;
}

/** A theme edit: any subset of any section; `dark` and `texts`, when present, replace the old. */
export type ThemePatch = SectionsPatch & Pick<Theme, 'dark' | 'texts'>;

/** The theme as the theme page reads it: it also carries the bot's voice and language settings. */
export interface BotTheme extends Theme {
  language: number;
  use_stt: boolean;
  use_tts: boolean;
  use_ext_stt: boolean;
  use_ext_tts: boolean;
}
