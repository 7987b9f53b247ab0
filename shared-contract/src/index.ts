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
export * from './crm/contact';
export * from './crm/contract';
export * from './crm/followup';
export * from './crm/intake';
export * from './crm/lead';
export * from './crm/lead-source';
export * from './crm/visitor';
export * from './erp/product';
export * from './erp/warehouse';
export * from './file/attachments';
export * from './oa/cc';
export * from './oa/flow';
export * from './oa/approval';
export * from './system/form';
export * from './system/field';
export * from './system/module-record';
export * from './system/print-template';
export * from './system/field-mask';
export * from './oa/expense';
export * from './oa/task';
export * from './notification/notification';
export * from './file/file';
export * from './auth/session';
export * from './shared/import';
export * from './crm/pool';
export * from './crm/customer-lookup';
export * from './system/branch';
export * from './system/dictionary';
export * from './system/login-log';
export * from './system/region';
export * from './system/role';
export * from './system/settings';
export * from './system/user';
export * from './realtime/negotiate';
export * from './system/control-types';
