/**
 * `GET /contacts`: search customers, newest first. Every search word must
 * match one of name, phone, email, company or notes (case-insensitive; a
 * word of digits also matches a phone number written with other
 * punctuation). Query names come from common/api/assumed.ts.
 */
import { CONTACTS_QUERY } from '../../../common/api/assumed';
import { ContactsSearchTextSchema } from '../../../common/api/primitives';
import { ok, type SimIssue } from '../http';
import { contactView } from '../resources';
import type { Router } from '../router';
import { check, positiveInt, queryParam, refuseIfIssues } from '../validate';
import type { ContactRecord } from '../world';
import { API, customerRoute, type CustomerDeps } from './common';

/** Page size when none is given. */
export const DEFAULT_CONTACTS_PAGE_SIZE = 20;

/** Whether every word of `search` matches some field of the contact. */
function matches(contact: ContactRecord, words: string[]): boolean {
  const fields = [contact.name, contact.phone, contact.email, contact.company, contact.notes].filter((f): f is string => !!f).map((f) => f.toLowerCase());
  const phoneDigits = (contact.phone ?? '').replace(/\D/g, '');
  return words.every((word) => {
    if (fields.some((f) => f.includes(word))) return true;
    const digits = word.replace(/\D/g, '');
    // "(617) 555-0111" style words: compare digits, when the word is mostly a number.
    return digits.length >= 3 && digits.length >= word.replace(/[\s()+.-]/g, '').length && phoneDigits.includes(digits);
  });
}

/** Registers the contacts search. */
export function registerContacts(router: Router, deps: CustomerDeps): void {
  const { world } = deps;
  router.add(
    'GET',
    `${API}/contacts`,
    customerRoute(deps, (ctx) => {
      const issues: SimIssue[] = [];
      const rawSearch = queryParam(ctx.url, CONTACTS_QUERY.search, issues);
      const search = rawSearch === undefined ? '' : (check(ContactsSearchTextSchema, rawSearch, issues, [CONTACTS_QUERY.search]) ?? '');
      const rawSize = queryParam(ctx.url, CONTACTS_QUERY.pageSize, issues);
      const size = rawSize === undefined ? DEFAULT_CONTACTS_PAGE_SIZE : positiveInt(rawSize, [CONTACTS_QUERY.pageSize], issues, 50);
      const rawPage = queryParam(ctx.url, CONTACTS_QUERY.page, issues);
      const page = rawPage === undefined ? 1 : positiveInt(rawPage, [CONTACTS_QUERY.page], issues);
      refuseIfIssues(issues);
      if (size === undefined || page === undefined) throw new Error('unreachable: issues were empty');

      const words = search.toLowerCase().split(/\s+/).filter(Boolean);
      const found = [...world.contacts.values()]
        .filter((c) => matches(c, words))
        .sort((a, b) => b.firstContactAt - a.firstContactAt || b.id - a.id);
      const start = (page - 1) * size;
      const pageItems = found.slice(start, start + size);
      return ok({
        total_matching: found.length,
        page,
        // Null on the last page (and past it): there is nothing more to ask for.
        next_page: start + size < found.length ? page + 1 : null,
        contacts: pageItems.map((c) => contactView(world, c)),
      });
    }),
  );
}
