/**
 * A validation issue as a coded text (messages.ts `input.*`), so that a refusal of bad
 * input reads in the UI's language instead of the validator's English: the server's
 * request validation (src/server/middleware/validate.ts) and the configuration's
 * (src/config/load.ts) pass each first issue through `codedIssue`. The issue is read by
 * its shape (zod 4's issue fields), so this file needs no package.
 */
import { say, type CodedText } from './messages.js';

/** The fields of a validator issue this reads; every other field is ignored. */
export interface IssueLike {
  code: string;
  message: string;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  values?: readonly unknown[];
  keys?: readonly string[];
  format?: unknown;
  /** A schema's own issue: `{kind: 'date'}` marks a text that is not a date. */
  params?: Readonly<Record<string, unknown>>;
}

/** The params of a schema's own issue for a text that is not a date (codedIssue answers `input.notDate`). */
export const NOT_A_DATE = { kind: 'date' } as const;

/**
 * The `params` of a zod issue that validate() (src/server/middleware/validate.ts) answers as `input.nul` {field}: for text a
 * schema decodes itself (the advanced search's JSON keyword list), where the input guard (src/server/middleware/input.ts)
 * sees only the encoded form (`\u0000`).
 */
export const NUL_ISSUE = { nul: true } as const;

/** The rule's words in a zod issue raised with NUL_ISSUE. */
export const NUL_RULE = 'must not contain NUL bytes';

/** The validator's own English (zod 4's default messages), which a coded text replaces. */
const VALIDATOR_WORDING = /^(?:Invalid|Too small|Too big|Unrecognized key)/;

/** Whether a size issue counts (a length, an item count) rather than a number's value. */
const isLength = (origin: unknown) => origin === 'string' || origin === 'array' || origin === 'set' || origin === 'file';

/**
 * The coded text of `issue` about `field` ('pageSize', 'id'): a wrong type, a number out
 * of range, a text or list too short or too long, a value not among the allowed ones, an
 * unknown key, a malformed text, a text that is not a date (NOT_A_DATE), each as the
 * validator words it; an issue the schema words itself ('rating must be 1 to 5') and any
 * other keep their message as `input.fieldRule` {field, reason}.
 */
export function codedIssue(field: string, issue: IssueLike): CodedText {
  // a schema that words its own rule ('rating must be 1 to 5') keeps its words
  if (!VALIDATOR_WORDING.test(issue.message) && issue.code !== 'custom') return say('input.fieldRule', { field, reason: issue.message });
  switch (issue.code) {
    case 'invalid_type':
      return say('input.wrongType', { field, expected: String(issue.expected ?? 'value') });
    case 'too_small':
      if (isLength(issue.origin)) return say('input.tooShort', { field, minimum: String(issue.minimum) });
      return issue.inclusive === false ? say('input.notAbove', { field, minimum: String(issue.minimum) }) : say('input.tooSmall', { field, minimum: String(issue.minimum) });
    case 'too_big':
      if (isLength(issue.origin)) return say('input.tooLong', { field, maximum: String(issue.maximum) });
      return issue.inclusive === false ? say('input.notBelow', { field, maximum: String(issue.maximum) }) : say('input.tooBig', { field, maximum: String(issue.maximum) });
    case 'invalid_value':
      return say('input.notOneOf', { field, values: (issue.values ?? []).map(String).join(', ') });
    case 'unrecognized_keys':
      return say('input.unknownKey', { field: field || (issue.keys ?? []).join(', ') });
    case 'invalid_format':
      return say('input.badFormat', { field });
    case 'custom':
      if (issue.params?.kind === NOT_A_DATE.kind) return say('input.notDate', { field });
      return say('input.fieldRule', { field, reason: issue.message });
    default:
      return say('input.fieldRule', { field, reason: issue.message });
  }
}
