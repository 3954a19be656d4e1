export {
  isTimeZone,
  lastOccurrence,
  nextOccurrences,
  occurrencesBetween,
  wallClockInstant,
  type Occurrence,
  type Schedule,
} from './occurrences';
export {
  dailySchedule,
  DEFAULT_ZONE,
  describeStart,
  firstDailyStart,
  nextDailyStarts,
  schedulerFirstRun,
  START_TIME,
  twelveHourOf,
} from './daily';
export {
  canSave,
  DEFAULT_REPEAT_LIMIT,
  DEFAULT_REPEAT_MINUTES,
  newNotification,
  notificationProblems,
  scheduleOf,
  settleNotification,
  type FieldProblem,
  type NotificationFields,
} from './form';
export { formatOccurrence, fromLocalInput, occurrencePreview, toLocalInput } from './local-time';
export { chunksOf, createLimit, type Limit } from './batches';
export { chatOffsets } from './chat-pace';
