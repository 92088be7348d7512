import { LIVE_UPDATES_QUERY } from '../../../common/api/assumed';
import { LIVE_UPDATE_STATUSES, LIVE_UPDATE_TYPES, type LiveUpdateStatus, type LiveUpdateType } from '../../../common/api/enums';
import { addFieldError, type FieldErrors } from '../message-errors';

/** Page size when `per_page` is not given (Laravel's default). */
export const DEFAULT_LIVE_UPDATES_PER_PAGE = 15;

/** The list filters, parsed. */
export interface LiveUpdatesQuery {
  phoneNumberId: number | null;
  type: LiveUpdateType | null;
  status: LiveUpdateStatus | null;
  activeOnly: boolean;
  activeAndScheduled: boolean;
  perPage: number;
  page: number;
}

/**
 * Parses the list query (names from `LIVE_UPDATES_QUERY`). Every bad value is
 * reported under its parameter name, so one answer lists them all; unknown
 * parameters are ignored, as a Laravel service does.
 */
export function parseLiveUpdatesQuery(params: URLSearchParams): { ok: true; query: LiveUpdatesQuery } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const q = LIVE_UPDATES_QUERY;
  const query: LiveUpdatesQuery = {
    phoneNumberId: integer(params, q.phoneNumber, 1, null, errors),
    type: oneOf(params, q.type, LIVE_UPDATE_TYPES, errors),
    status: oneOf(params, q.status, LIVE_UPDATE_STATUSES, errors),
    activeOnly: flag(params, q.activeOnly, errors),
    activeAndScheduled: flag(params, q.activeAndScheduled, errors),
    perPage: integer(params, q.pageSize, 1, 100, errors) ?? DEFAULT_LIVE_UPDATES_PER_PAGE,
    page: integer(params, q.page, 1, null, errors) ?? 1,
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, query };
}

/** An optional integer parameter within [min, max]; null when absent. */
function integer(params: URLSearchParams, name: string, min: number, max: number | null, errors: FieldErrors): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if (!/^-?\d+$/.test(raw.trim())) {
    addFieldError(errors, name, `The ${name} field must be an integer.`);
    return null;
  }
  const value = Number(raw.trim());
  // A value too large to count exactly (page=1e23) is out of range like any other.
  const ceiling = max ?? Number.MAX_SAFE_INTEGER;
  if (value < min) addFieldError(errors, name, `The ${name} field must be at least ${min}.`);
  else if (value > ceiling) addFieldError(errors, name, `The ${name} field must not be greater than ${ceiling}.`);
  else return value;
  return null;
}

/** An optional parameter from a closed set; null when absent. */
function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], errors: FieldErrors): T | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  addFieldError(errors, name, `The selected ${name} is invalid. Use one of: ${allowed.join(', ')}.`);
  return null;
}

/** An optional boolean: `true`/`false`/`1`/`0` (Laravel's boolean rule); absent means false. */
function flag(params: URLSearchParams, name: string, errors: FieldErrors): boolean {
  const raw = params.get(name);
  if (raw === null) return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  addFieldError(errors, name, `The ${name} field must be true or false.`);
  return false;
}
