// The bot form's decoding and the field rules every route family shares are the contract's
// (src/core/api/): re-exported here for the server modules that name them.
export { BOT_FIELD_NAMES, botForm, sentBotFields } from '../../../src/core/api/bot-form.js';
export {
  flagField,
  idField,
  missingAsEmpty as formBody,
  uploadedFile as uploadedFileSchema,
} from '../../../src/core/api/fields.js';
