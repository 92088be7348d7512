import { describe, it, expect } from 'vitest';
import { OrganizationSchema, OrganizationUpdateRequestSchema, PartnerUserSchema } from '../../../common/api';
import { aPartnerUser, anOrganization, anOrganizationPhoneNumber } from './fixtures';
import { issuePaths, without } from './helpers';

describe('PartnerUserSchema', () => {
  it('accepts a spec-conformant user', () => {
    expect(issuePaths(PartnerUserSchema, aPartnerUser())).toEqual([]);
  });

  it('accepts a role other than owner (other roles not shown)', () => {
    expect(issuePaths(PartnerUserSchema, aPartnerUser({ organizations: [{ id: 1, name: 'X', role: 'viewer' }] }))).toEqual([]);
  });

  it('requires external_id', () => {
    expect(issuePaths(PartnerUserSchema, without(aPartnerUser(), 'external_id'))).toEqual(['external_id']);
  });

  it('requires id, name and role on each organization', () => {
    expect(issuePaths(PartnerUserSchema, aPartnerUser({ organizations: [{ id: 1, name: 'X' } as never] }))).toEqual(['organizations.0.role']);
  });

  it('rejects an updated_at that is not a date-time', () => {
    expect(issuePaths(PartnerUserSchema, aPartnerUser({ updated_at: '1 Sept' }))).toEqual(['updated_at']);
  });
});

describe('OrganizationSchema', () => {
  it('accepts a spec-conformant organization', () => {
    expect(issuePaths(OrganizationSchema, anOrganization())).toEqual([]);
  });

  it('accepts a linked organization', () => {
    expect(issuePaths(OrganizationSchema, anOrganization({ partner_type: 'linked' }))).toEqual([]);
  });

  it('rejects a partner_type outside provisioned/linked', () => {
    expect(issuePaths(OrganizationSchema, anOrganization({ partner_type: 'owned' as never }))).toEqual(['partner_type']);
  });

  it('requires both permissions as booleans', () => {
    expect(issuePaths(OrganizationSchema, anOrganization({ permissions: { can_view_dashboard: true } as never }))).toEqual(['permissions.can_manage_dashboard_viewers']);
  });

  it('rejects a malformed user in users', () => {
    expect(issuePaths(OrganizationSchema, anOrganization({ users: [aPartnerUser({ id: 0 })] }))).toEqual(['users.0.id']);
  });

  it('accepts any phone number status string (values not shown)', () => {
    expect(issuePaths(OrganizationSchema, anOrganization({ phone_numbers: [anOrganizationPhoneNumber({ status: 'porting' })] }))).toEqual([]);
  });

  it('accepts a null address and google_place_id', () => {
    expect(issuePaths(OrganizationSchema, anOrganization({ phone_numbers: [anOrganizationPhoneNumber({ address: null, google_place_id: null })] }))).toEqual([]);
  });

  it('requires every phone number field', () => {
    expect(issuePaths(OrganizationSchema, anOrganization({ phone_numbers: [without(anOrganizationPhoneNumber(), 'status') as never] }))).toEqual(['phone_numbers.0.status']);
  });
});

describe('OrganizationUpdateRequestSchema', () => {
  it('accepts name and description', () => {
    expect(issuePaths(OrganizationUpdateRequestSchema, { name: 'Diner Co', description: 'Family diner' })).toEqual([]);
  });

  it('accepts either field alone (required fields not shown)', () => {
    expect(issuePaths(OrganizationUpdateRequestSchema, { name: 'Diner Co' })).toEqual([]);
    expect(issuePaths(OrganizationUpdateRequestSchema, { description: 'Family diner' })).toEqual([]);
  });

  it('rejects a name that is not a string', () => {
    expect(issuePaths(OrganizationUpdateRequestSchema, { name: 5 })).toEqual(['name']);
  });

  it('rejects a description that is not a string', () => {
    expect(issuePaths(OrganizationUpdateRequestSchema, { description: null })).toEqual(['description']);
  });
});
