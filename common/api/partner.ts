/**
 * Partner API (reseller accounts): users, organizations and the organization
 * update body. Deskbell itself does not call these; the schemas exist so the
 * client and the simulator agree on every shape the spec defines.
 */
import { z } from 'zod';
import { PartnerTypeSchema } from './enums';
import { DateTimeSchema, IdSchema } from './primitives';

/** An organization a Partner API user belongs to, with the user's role in it. */
export const PartnerUserOrganizationSchema = z.object({
  id: IdSchema,
  name: z.string(),
  // Only `owner` is shown; other roles exist but are not listed, so any
  // string passes.
  role: z.string(),
});
/** A user's organization membership. */
export type PartnerUserOrganization = z.infer<typeof PartnerUserOrganizationSchema>;

/** A Partner API user; `external_id` is the reseller's own identifier for them. */
export const PartnerUserSchema = z.object({
  id: IdSchema,
  external_id: z.string(),
  email: z.string(),
  name: z.string(),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  organizations: z.array(PartnerUserOrganizationSchema),
});
/** A Partner API user. */
export type PartnerUser = z.infer<typeof PartnerUserSchema>;

/** What a reseller may do with an organization's dashboard. */
export const OrganizationPermissionsSchema = z.object({
  can_view_dashboard: z.boolean(),
  can_manage_dashboard_viewers: z.boolean(),
});
/** Organization permissions. */
export type OrganizationPermissions = z.infer<typeof OrganizationPermissionsSchema>;

/** A location (phone number) of an organization. */
export const OrganizationPhoneNumberSchema = z.object({
  id: IdSchema,
  name: z.string(),
  phone_number: z.string(),
  // Allowed values of status: not shown, so any string passes.
  status: z.string(),
  // The spec lists these without types; a line without a street address or
  // a Google place is ordinary, so both accept null.
  address: z.string().nullable(),
  google_place_id: z.string().nullable(),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
});
/** An organization's phone number (location). */
export type OrganizationPhoneNumber = z.infer<typeof OrganizationPhoneNumberSchema>;

/**
 * An organization. `provisioned` ones were created through the API and can be
 * updated or deleted; `linked` ones are attached by a partner link and are
 * read-only.
 */
export const OrganizationSchema = z.object({
  id: IdSchema,
  name: z.string(),
  partner_type: PartnerTypeSchema,
  permissions: OrganizationPermissionsSchema,
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  users: z.array(PartnerUserSchema),
  phone_numbers: z.array(OrganizationPhoneNumberSchema),
});
/** A Partner API organization. */
export type Organization = z.infer<typeof OrganizationSchema>;

/**
 * Body of `PATCH /organizations/{id}`. Which fields are required is not
 * shown; as a PATCH, each is optional and an absent field is left unchanged.
 * Maximum lengths are not shown either, so none is enforced here.
 */
export const OrganizationUpdateRequestSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
});
/** An organization update body. */
export type OrganizationUpdateRequest = z.infer<typeof OrganizationUpdateRequestSchema>;
