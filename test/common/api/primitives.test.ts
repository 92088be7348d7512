import { describe, it, expect } from 'vitest';
import {
  ContactsPageSizeSchema,
  ContactsSearchTextSchema,
  ConversationIdParamSchema,
  ConversationTaskIdSchema,
  DateTimeSchema,
  FormTaskIdSchema,
  IdSchema,
  IdempotencyKeySchema,
  LiveUpdatesPageSizeSchema,
  NoteContentSchema,
  PageNumberSchema,
  ReplyBodySchema,
  TaskIdSchema,
  parseTaskId,
  textLength,
  trimmedText,
} from '../../../common/api';

describe('DateTimeSchema', () => {
  it('accepts a UTC date-time, with or without fractions', () => {
    expect(DateTimeSchema.safeParse('2026-10-05T14:03:00Z').success).toBe(true);
    expect(DateTimeSchema.safeParse('2026-10-05T14:03:00.123456Z').success).toBe(true);
  });

  it('accepts an explicit offset', () => {
    expect(DateTimeSchema.safeParse('2026-10-05T16:03:00+02:00').success).toBe(true);
  });

  it('rejects a date-time without a time zone', () => {
    expect(DateTimeSchema.safeParse('2026-10-05T14:03:00').success).toBe(false);
  });

  it('rejects a date without a time', () => {
    expect(DateTimeSchema.safeParse('2026-10-05').success).toBe(false);
  });

  it('rejects a non-ISO date text', () => {
    expect(DateTimeSchema.safeParse('Mon, 05 Oct 2026 14:03:00 GMT').success).toBe(false);
  });
});

describe('IdSchema', () => {
  it('accepts a positive integer', () => {
    expect(IdSchema.safeParse(1).success).toBe(true);
  });

  it('rejects zero and negatives', () => {
    expect(IdSchema.safeParse(0).success).toBe(false);
    expect(IdSchema.safeParse(-3).success).toBe(false);
  });

  it('rejects a fraction', () => {
    expect(IdSchema.safeParse(1.5).success).toBe(false);
  });

  it('rejects a numeric string', () => {
    expect(IdSchema.safeParse('12').success).toBe(false);
  });
});

describe('IdempotencyKeySchema', () => {
  it('accepts letters, digits, ".", "_", ":" and "-"', () => {
    expect(IdempotencyKeySchema.safeParse('Draft_1.v2:retry-3').success).toBe(true);
  });

  it('accepts a key of 1 character and of 120 characters', () => {
    expect(IdempotencyKeySchema.safeParse('a').success).toBe(true);
    expect(IdempotencyKeySchema.safeParse('k'.repeat(120)).success).toBe(true);
  });

  it('rejects an empty idempotency key', () => {
    expect(IdempotencyKeySchema.safeParse('').success).toBe(false);
  });

  it('rejects an idempotency key of 121 characters', () => {
    expect(IdempotencyKeySchema.safeParse('k'.repeat(121)).success).toBe(false);
  });

  it('rejects an idempotency key with a character outside the allowed set', () => {
    for (const bad of ['has space', 'slash/key', 'plus+key', 'émoji', 'new\nline']) {
      expect(IdempotencyKeySchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('textLength', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(textLength('a😀b')).toBe(3);
  });
});

describe('trimmedText', () => {
  const upToThree = trimmedText(3);

  it('accepts 1 to max characters', () => {
    expect(upToThree.safeParse('a').success).toBe(true);
    expect(upToThree.safeParse('abc').success).toBe(true);
  });

  it('leaves the value untrimmed', () => {
    expect(upToThree.parse('  abc  ')).toBe('  abc  ');
  });

  it('rejects more than max characters', () => {
    expect(upToThree.safeParse('abcd').success).toBe(false);
  });
});

/** ReplyBodySchema and NoteContentSchema share one rule; each gets the same checks. */
for (const [name, schema] of [
  ['ReplyBodySchema', ReplyBodySchema],
  ['NoteContentSchema', NoteContentSchema],
] as const) {
  describe(name, () => {
    it('accepts 1 character and 5000 characters', () => {
      expect(schema.safeParse('x').success).toBe(true);
      expect(schema.safeParse('x'.repeat(5000)).success).toBe(true);
    });

    it('rejects an empty text', () => {
      expect(schema.safeParse('').success).toBe(false);
    });

    it('rejects a text of only spaces and newlines', () => {
      expect(schema.safeParse(' \n\t  ').success).toBe(false);
    });

    it('rejects 5001 characters', () => {
      expect(schema.safeParse('x'.repeat(5001)).success).toBe(false);
    });

    it('measures length after trimming', () => {
      expect(schema.safeParse(`   ${'x'.repeat(5000)}   `).success).toBe(true);
      expect(schema.safeParse(`   ${'x'.repeat(5001)}   `).success).toBe(false);
    });

    it('counts an emoji as one character', () => {
      expect(schema.safeParse('😀'.repeat(5000)).success).toBe(true);
      expect(schema.safeParse('😀'.repeat(5001)).success).toBe(false);
    });

    it('rejects a non-string', () => {
      expect(schema.safeParse(42).success).toBe(false);
    });
  });
}

describe('ConversationIdParamSchema', () => {
  it('accepts 1', () => {
    expect(ConversationIdParamSchema.safeParse(1).success).toBe(true);
  });

  it('rejects a conversation id below 1', () => {
    expect(ConversationIdParamSchema.safeParse(0).success).toBe(false);
  });

  it('rejects a non-integer conversation id', () => {
    expect(ConversationIdParamSchema.safeParse(1.5).success).toBe(false);
    expect(ConversationIdParamSchema.safeParse('12').success).toBe(false);
  });
});

describe('TaskIdSchema', () => {
  it('accepts conversation-<n> and form-submission-<n>', () => {
    expect(TaskIdSchema.safeParse('conversation-12').success).toBe(true);
    expect(TaskIdSchema.safeParse('form-submission-7').success).toBe(true);
  });

  it('rejects an id of neither shape', () => {
    for (const bad of ['12', 'conversation-', 'conversation-12a', 'form_submission-7', 'form-submission:7', 'task-1', ' conversation-12']) {
      expect(TaskIdSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('ConversationTaskIdSchema', () => {
  it('accepts conversation-<n>', () => {
    expect(ConversationTaskIdSchema.safeParse('conversation-12').success).toBe(true);
  });

  it('rejects a form task id (form tasks take no notes)', () => {
    expect(ConversationTaskIdSchema.safeParse('form-submission-7').success).toBe(false);
  });
});

describe('FormTaskIdSchema', () => {
  it('accepts form-submission-<n>', () => {
    expect(FormTaskIdSchema.safeParse('form-submission-7').success).toBe(true);
  });

  it('rejects a conversation task id', () => {
    expect(FormTaskIdSchema.safeParse('conversation-12').success).toBe(false);
  });
});

describe('parseTaskId', () => {
  it('splits both id shapes into source type and id', () => {
    expect(parseTaskId('conversation-12')).toEqual({ sourceType: 'conversation', sourceId: 12 });
    expect(parseTaskId('form-submission-7')).toEqual({ sourceType: 'form_submission', sourceId: 7 });
  });

  it('returns null for an id of neither shape', () => {
    expect(parseTaskId('form_submission:7')).toBeNull();
  });
});

describe('PageNumberSchema', () => {
  it('rejects a page number below 1', () => {
    expect(PageNumberSchema.safeParse(1).success).toBe(true);
    expect(PageNumberSchema.safeParse(0).success).toBe(false);
  });
});

describe('ContactsPageSizeSchema', () => {
  it('accepts 1 to 50', () => {
    expect(ContactsPageSizeSchema.safeParse(1).success).toBe(true);
    expect(ContactsPageSizeSchema.safeParse(50).success).toBe(true);
  });

  it('rejects a contacts page size of 0 or 51', () => {
    expect(ContactsPageSizeSchema.safeParse(0).success).toBe(false);
    expect(ContactsPageSizeSchema.safeParse(51).success).toBe(false);
  });
});

describe('ContactsSearchTextSchema', () => {
  it('accepts 100 characters', () => {
    expect(ContactsSearchTextSchema.safeParse('a'.repeat(100)).success).toBe(true);
  });

  it('rejects search text of 101 characters', () => {
    expect(ContactsSearchTextSchema.safeParse('a'.repeat(101)).success).toBe(false);
  });
});

describe('LiveUpdatesPageSizeSchema', () => {
  it('accepts 1 to 100', () => {
    expect(LiveUpdatesPageSizeSchema.safeParse(1).success).toBe(true);
    expect(LiveUpdatesPageSizeSchema.safeParse(100).success).toBe(true);
  });

  it('rejects a live updates page size of 0 or 101', () => {
    expect(LiveUpdatesPageSizeSchema.safeParse(0).success).toBe(false);
    expect(LiveUpdatesPageSizeSchema.safeParse(101).success).toBe(false);
  });
});
