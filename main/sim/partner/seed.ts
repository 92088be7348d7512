import type { OrganizationRecord, PartnerDirectory, PartnerUserRecord, ResellerRecord } from './directory';

const DAY = 24 * 3_600_000;

/** The demo reseller and what it manages. */
export interface SeededPartner {
  reseller: ResellerRecord;
  /** Created through the API: can be updated. */
  provisioned: OrganizationRecord;
  /** Attached by an accepted partner link: read-only. */
  linked: OrganizationRecord;
  owner: PartnerUserRecord;
  staff: PartnerUserRecord;
}

/**
 * Seeds one reseller (with `key`) managing a provisioned organization with
 * two locations and a linked one with one, and users in both, so every
 * Partner API read has something real to show.
 */
export function seedDemoPartner(directory: PartnerDirectory, o: { key: string; now: number; resellerName?: string }): SeededPartner {
  const reseller = directory.addReseller({ name: o.resellerName ?? 'Northwind Voice Partners', key: o.key });
  const provisioned = directory.addOrganization({
    resellerId: reseller.id,
    name: 'Bayside Dental',
    description: 'Family dentistry, two clinics.',
    partnerType: 'provisioned',
    permissions: { can_view_dashboard: true, can_manage_dashboard_viewers: true },
    createdAt: o.now - 90 * DAY,
    locations: [
      { name: 'Bayside Dental, Main St', phoneNumber: '+14155550101', status: 'active', address: '12 Main St, Springfield', googlePlaceId: 'ChIJbayside-main-st' },
      { name: 'Bayside Dental, Harbor', phoneNumber: '+14155550102', status: 'pending', address: null, googlePlaceId: null },
    ],
  });
  const linked = directory.addOrganization({
    resellerId: reseller.id,
    name: 'Harbor Auto Repair',
    description: null,
    partnerType: 'linked',
    permissions: { can_view_dashboard: true, can_manage_dashboard_viewers: false },
    createdAt: o.now - 30 * DAY,
    locations: [{ name: 'Harbor Auto Repair', phoneNumber: '+14155550199', status: 'active', address: '4 Dock Rd, Springfield', googlePlaceId: 'ChIJharbor-auto' }],
  });
  const owner = directory.addUser({
    resellerId: reseller.id,
    externalId: 'crm-1001',
    email: 'dana.owner@baysidedental.example',
    name: 'Dana Whitfield',
    createdAt: o.now - 90 * DAY,
    memberships: [
      { organizationId: provisioned.id, role: 'owner' },
      { organizationId: linked.id, role: 'admin' },
    ],
  });
  const staff = directory.addUser({
    resellerId: reseller.id,
    externalId: 'crm-1002',
    email: 'sam.front@baysidedental.example',
    name: 'Sam Ortega',
    createdAt: o.now - 60 * DAY,
    memberships: [{ organizationId: provisioned.id, role: 'member' }],
  });
  return { reseller, provisioned, linked, owner, staff };
}
