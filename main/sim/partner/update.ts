import { textLength } from '../../../common/api/primitives';
import { addFieldError, type FieldErrors } from '../message-errors';

/** Longest organization name accepted (spec: not shown; a common VARCHAR(255)). */
export const MAX_ORGANIZATION_NAME = 255;
/** Longest organization description accepted (spec: not shown). */
export const MAX_ORGANIZATION_DESCRIPTION = 1000;

const ALLOWED = new Set(['name', 'description']);

/** A validated organization change: only the fields given. */
export interface OrganizationChange {
  name?: string;
  description?: string | null;
}

/**
 * Validates a `PATCH /organizations/{id}` body, Laravel style: both fields
 * optional but at least one given; `name` a non-empty string of at most 255
 * characters; `description` a string of at most 1000 characters or null;
 * any other field refused. Strings are trimmed and an empty description
 * becomes null, as a Laravel service's input middleware does.
 */
export function validateOrganizationChange(body: Record<string, unknown>): { ok: true; change: OrganizationChange } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const change: OrganizationChange = {};
  for (const key of Object.keys(body)) {
    if (!ALLOWED.has(key)) addFieldError(errors, key, `The ${key} field is not allowed.`);
  }
  if (body.name === undefined && body.description === undefined) {
    addFieldError(errors, 'name', 'The name field is required when description is not present.');
  }
  if (body.name !== undefined) {
    if (typeof body.name !== 'string') addFieldError(errors, 'name', 'The name field must be a string.');
    else {
      const name = body.name.trim();
      if (name === '') addFieldError(errors, 'name', 'The name field must not be empty.');
      else if (textLength(name) > MAX_ORGANIZATION_NAME) addFieldError(errors, 'name', `The name field must not be greater than ${MAX_ORGANIZATION_NAME} characters.`);
      else change.name = name;
    }
  }
  if (body.description !== undefined) {
    if (body.description === null) change.description = null;
    else if (typeof body.description !== 'string') addFieldError(errors, 'description', 'The description field must be a string.');
    else {
      const description = body.description.trim();
      if (textLength(description) > MAX_ORGANIZATION_DESCRIPTION) {
        addFieldError(errors, 'description', `The description field must not be greater than ${MAX_ORGANIZATION_DESCRIPTION} characters.`);
      } else change.description = description === '' ? null : description;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, change };
}
