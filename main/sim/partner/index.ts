/**
 * The simulated Partner API (reseller accounts): the directory of resellers,
 * organizations, locations and users, and the routes the spec details.
 */
export { PartnerDirectory } from './directory';
export type { LocationRecord, OrganizationRecord, PartnerUserRecord, ResellerRecord } from './directory';
export { registerPartnerRoutes, LINKED_READ_ONLY_MESSAGE, RESELLER_ONLY_MESSAGE } from './routes';
export type { PartnerDeps } from './routes';
export { MAX_ORGANIZATION_DESCRIPTION, MAX_ORGANIZATION_NAME, validateOrganizationChange } from './update';
export { seedDemoPartner } from './seed';
export type { SeededPartner } from './seed';
