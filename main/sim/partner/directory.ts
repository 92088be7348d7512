import type { PartnerType } from '../../../common/api/enums';
import type { Organization, OrganizationPermissions, PartnerUser } from '../../../common/api/partner';
import { iso } from '../time';

/** A reseller account and its Partner API key. */
export interface ResellerRecord {
  id: number;
  name: string;
  key: string;
}

/** A location (phone number) of an organization. */
export interface LocationRecord {
  id: number;
  name: string;
  phoneNumber: string;
  /** `active`, `pending` or `suspended` in the simulator (values not shown by the spec). */
  status: string;
  address: string | null;
  googlePlaceId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** An organization a reseller manages. */
export interface OrganizationRecord {
  id: number;
  resellerId: number;
  name: string;
  description: string | null;
  partnerType: PartnerType;
  permissions: OrganizationPermissions;
  createdAt: number;
  updatedAt: number;
  locations: LocationRecord[];
}

/** A user a reseller manages; `externalId` is the reseller's own id, unique per reseller. */
export interface PartnerUserRecord {
  id: number;
  resellerId: number;
  externalId: string;
  email: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  memberships: { organizationId: number; role: string }[];
}

/**
 * The Partner API's data: resellers (with their keys), their organizations
 * with locations, and their users. Each reseller sees only its own records.
 */
export class PartnerDirectory {
  private readonly resellers = new Map<number, ResellerRecord>();
  private readonly organizations = new Map<number, OrganizationRecord>();
  private readonly users = new Map<number, PartnerUserRecord>();
  private readonly seq = { reseller: 0, organization: 0, location: 0, user: 0 };

  /** Adds a reseller account with its API key. */
  addReseller(r: Omit<ResellerRecord, 'id'>): ResellerRecord {
    const record = { ...r, id: ++this.seq.reseller };
    this.resellers.set(record.id, record);
    return record;
  }

  /** Adds an organization (locations get ids and timestamps here). */
  addOrganization(o: Omit<OrganizationRecord, 'id' | 'locations' | 'updatedAt'> & { locations?: Omit<LocationRecord, 'id' | 'createdAt' | 'updatedAt'>[] }): OrganizationRecord {
    const { locations = [], ...rest } = o;
    const record: OrganizationRecord = {
      ...rest,
      id: ++this.seq.organization,
      updatedAt: o.createdAt,
      locations: locations.map((l) => ({ ...l, id: ++this.seq.location, createdAt: o.createdAt, updatedAt: o.createdAt })),
    };
    this.organizations.set(record.id, record);
    return record;
  }

  /** Adds a user. */
  addUser(u: Omit<PartnerUserRecord, 'id' | 'updatedAt'>): PartnerUserRecord {
    if (this.userByExternalId(u.resellerId, u.externalId)) throw new Error(`external id ${u.externalId} already used`);
    const record = { ...u, id: ++this.seq.user, updatedAt: u.createdAt };
    this.users.set(record.id, record);
    return record;
  }

  /** The reseller whose key this is; undefined for any other key. */
  resellerByKey(key: string): ResellerRecord | undefined {
    return [...this.resellers.values()].find((r) => r.key === key);
  }

  /** A reseller's organizations, by id. */
  organizationsOf(resellerId: number): OrganizationRecord[] {
    return [...this.organizations.values()].filter((o) => o.resellerId === resellerId).sort((a, b) => a.id - b.id);
  }

  /** One organization, if it belongs to the reseller (another reseller's is invisible). */
  organizationOf(resellerId: number, id: number): OrganizationRecord | undefined {
    const o = this.organizations.get(id);
    return o?.resellerId === resellerId ? o : undefined;
  }

  /** A reseller's user by their external id (exact match). */
  userByExternalId(resellerId: number, externalId: string): PartnerUserRecord | undefined {
    return [...this.users.values()].find((u) => u.resellerId === resellerId && u.externalId === externalId);
  }

  /** A reseller's user by email, compared without regard to case or surrounding spaces. */
  userByEmail(resellerId: number, email: string): PartnerUserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    return [...this.users.values()].find((u) => u.resellerId === resellerId && u.email.toLowerCase() === wanted);
  }

  /** Users who are members of an organization, by id. */
  membersOf(organizationId: number): PartnerUserRecord[] {
    return [...this.users.values()].filter((u) => u.memberships.some((m) => m.organizationId === organizationId)).sort((a, b) => a.id - b.id);
  }

  /** Applies an update (already validated) and stamps `updatedAt`. */
  updateOrganization(org: OrganizationRecord, change: { name?: string; description?: string | null }, now: number): OrganizationRecord {
    if (change.name !== undefined) org.name = change.name;
    if (change.description !== undefined) org.description = change.description;
    org.updatedAt = now;
    return org;
  }

  /** The User resource (its organizations limited to its reseller's). */
  userView(u: PartnerUserRecord): PartnerUser {
    return {
      id: u.id,
      external_id: u.externalId,
      email: u.email,
      name: u.name,
      created_at: iso(u.createdAt),
      updated_at: iso(u.updatedAt),
      organizations: u.memberships.flatMap((m) => {
        const org = this.organizationOf(u.resellerId, m.organizationId);
        return org ? [{ id: org.id, name: org.name, role: m.role }] : [];
      }),
    };
  }

  /**
   * The Organization resource with users and phone_numbers. `description` is
   * not in the spec's field table but is what PATCH sets, so it is echoed
   * (an extra field the client's schema ignores).
   */
  organizationView(o: OrganizationRecord): Organization & { description: string | null } {
    return {
      id: o.id,
      name: o.name,
      description: o.description,
      partner_type: o.partnerType,
      permissions: { ...o.permissions },
      created_at: iso(o.createdAt),
      updated_at: iso(o.updatedAt),
      users: this.membersOf(o.id).map((u) => this.userView(u)),
      phone_numbers: o.locations.map((l) => ({
        id: l.id,
        name: l.name,
        phone_number: l.phoneNumber,
        status: l.status,
        address: l.address,
        google_place_id: l.googlePlaceId,
        created_at: iso(l.createdAt),
        updated_at: iso(l.updatedAt),
      })),
    };
  }
}
