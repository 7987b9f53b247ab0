/**
 * The wire contract of the portal's HTTP API: reply (and structured input) schemas the server
 * serialises through, and their static types, which the remotes import with `import type`.
 * Field names on the wire are the spec's (CustomerName, genjinTime, gonghai, WorlFlowJson).
 */
export * from './wire';
export * from './crm/customer-views';
export * from './crm/customer';
export * from './system/releases';
export * from './system/staff';
export * from './system/branch';
export * from './system/dictionary';
export * from './system/login-log';
export * from './system/region';
export * from './system/role';
export * from './system/settings';
export * from './system/user';
