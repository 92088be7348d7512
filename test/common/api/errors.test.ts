import { describe, it, expect } from 'vitest';
import { ErrorOnlyBodySchema, MessageBodySchema, ValidationErrorBodySchema } from '../../../common/api';
import { aMessageBody, aValidationErrorBody, anErrorOnlyBody } from './fixtures';
import { issuePaths } from './helpers';

describe('ErrorOnlyBodySchema', () => {
  it('accepts {error}', () => {
    expect(issuePaths(ErrorOnlyBodySchema, anErrorOnlyBody())).toEqual([]);
  });

  it('requires error to be a string', () => {
    expect(issuePaths(ErrorOnlyBodySchema, { message: 'Unauthenticated.' })).toEqual(['error']);
  });
});

describe('MessageBodySchema', () => {
  it('accepts {message}', () => {
    expect(issuePaths(MessageBodySchema, aMessageBody())).toEqual([]);
  });

  it('requires message to be a string', () => {
    expect(issuePaths(MessageBodySchema, { error: 'Not found.' })).toEqual(['message']);
  });
});

describe('ValidationErrorBodySchema', () => {
  it('accepts {message, errors}', () => {
    expect(issuePaths(ValidationErrorBodySchema, aValidationErrorBody())).toEqual([]);
  });

  it('requires errors', () => {
    expect(issuePaths(ValidationErrorBodySchema, { message: 'Invalid.' })).toEqual(['errors']);
  });

  it('requires each errors entry to be a list of messages', () => {
    expect(issuePaths(ValidationErrorBodySchema, aValidationErrorBody({ errors: { name: 'Too long.' } as never }))).toEqual(['errors.name']);
  });
});
