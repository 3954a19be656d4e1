// What the bot says on a chat channel where the widget would show something the channel cannot.
// The first two are the spec's (spec 3 §8 "error catalogue"); the rest are ours.

export const CALL_OUTSIDE_WIDGET = 'Calls can work only inside the widget';
export const REALTIME_AI_OUTSIDE_WIDGET = 'realtime AI can work only inside the widget';
export const LOCATION_PROMPT = 'Please share your location.';
export const SHARE_LOCATION = 'Share my location';
export const DO_NOT_SHARE_LOCATION = "Don't share";
export const LIST_BUTTON = 'Choose';
export const CHOOSE_ONE = 'Please choose one:';
export const PASSWORD_NOTE_WHATSAPP =
  'Your next message is a password: it stays visible in this chat, so delete it after sending.';
export const RESTART_QUESTION = 'Restart the conversation?';
export const RESTART_YES = 'Yes';
export const RESTART_NO = 'No';
export const CANNOT_LISTEN = "Sorry, I can't listen to voice messages here. Please type your message.";
export const FILE_REFUSED = 'Only gif, jpeg, png and pdf files are accepted';
