/**
 * The zod schemas and inferred types of every resource, request body, event
 * and error body of the Answering Service spec. Import from here; the files
 * behind it are split by API area only to keep each one small.
 */
export * from './enums';
export * from './primitives';
export * from './customer';
export * from './live-updates';
export * from './partner';
export * from './errors';
export * from './notifications';
export * from './webhook';
export * from './assumed';
